// The order `npm test` starts its files in (vite.config.ts, test.sequence.sequencer). All
// projects share one queue of two workers; each worker takes the next file when it is free.
// Vitest's own order runs the projects one after another (by name) and, inside each, the files
// it has no timing for largest first: the e2e files all came last, one at a time, some seven
// minutes on one worker while the other had nothing left to do, and the longest data file
// (sync-model, three minutes) started halfway through.
//
// Here, instead: the files of every project but e2e, largest first (size is the estimate of a
// file's time that a fresh checkout has), and the e2e files, largest first too, spread evenly
// over the first three quarters of that list, starting third, so that:
//   - the longest files start first and the short ones fill the end (both workers finish near
//     the same time);
//   - an e2e file mostly runs beside a file of another project, seldom beside another e2e file
//     (each has its own server, port, data folder and browser: two at once work, but load the
//     machine more), and never waits for the whole rest of the suite;
//   - the first e2e file starts after the e2e data-folder template had some seconds to be made
//     (tests/support/e2e-global-setup.ts).
import { statSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const E2E_PROJECT = 'e2e';
/** Where the e2e files go: from this index of the queue ... */
const E2E_FIRST_SLOT = 2;
/** ... to this share of its length. */
const E2E_SPREAD = 0.75;

const size = (spec: TestSpecification): number => {
  try {
    return statSync(spec.moduleId).size;
  } catch {
    return 0;
  }
};

const largestFirst = (specs: TestSpecification[]): TestSpecification[] =>
  specs
    .map((spec) => ({ spec, size: size(spec) }))
    .sort((a, b) => b.size - a.size || a.spec.moduleId.localeCompare(b.spec.moduleId))
    .map(({ spec }) => spec);

/** Orders the files as described above; `e2e` files spread among the others. */
export function interleave(specs: TestSpecification[]): TestSpecification[] {
  const e2e = largestFirst(specs.filter((s) => s.project.name === E2E_PROJECT));
  const rest = largestFirst(specs.filter((s) => s.project.name !== E2E_PROJECT));
  if (e2e.length === 0 || rest.length === 0) return [...rest, ...e2e];
  const first = Math.min(E2E_FIRST_SLOT, rest.length);
  const span = Math.max(1, Math.round(rest.length * E2E_SPREAD) - first);
  const out: TestSpecification[] = [];
  let r = 0;
  e2e.forEach((spec, i) => {
    const at = first + Math.floor((i * span) / e2e.length);
    while (r < at && r < rest.length) out.push(rest[r++] as TestSpecification);
    out.push(spec);
  });
  while (r < rest.length) out.push(rest[r++] as TestSpecification);
  return out;
}

export class SuiteSequencer extends BaseSequencer {
  override async sort(specs: TestSpecification[]): Promise<TestSpecification[]> {
    return interleave(specs);
  }
}
