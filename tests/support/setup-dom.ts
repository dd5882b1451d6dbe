// Shared set-up for the data and client projects: a fresh fake IndexedDB per test file,
// and testing-library's DOM clean-up after each test. findBy* waits up to 10 s: a screen's first
// render imports its lazy chunks, which on a loaded 2-core machine can take more than the
// default 1 s, and `npm test` runs these files beside e2e files (a browser and a server each):
// a suite run at a load of 14 saw 3 s pass before a list's first rows. Only the wait is longer;
// what is waited for is the same.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});
