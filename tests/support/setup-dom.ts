// Shared set-up for the data and client projects: a fresh fake IndexedDB per test file,
// and testing-library's DOM clean-up after each test. findBy* waits up to 3 s: a screen's first
// render imports its lazy chunks, which on a loaded 2-core machine can take more than the
// default 1 s.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  cleanup();
});
