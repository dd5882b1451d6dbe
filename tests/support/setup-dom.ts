// Shared set-up for the data and client projects: a fresh fake IndexedDB per test file,
// and testing-library's DOM clean-up after each test.
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});
