// How the tables write a figure (milliseconds, kilobytes, a missing value) and the line that says
// when, at which commit and under what load a section was measured.

const missing = (x) => x === null || x === undefined || Number.isNaN(x);

/** `123 ms`, rounded; `n/a` when there is no figure. */
export const ms = (x) => (missing(x) ? 'n/a' : `${Math.round(x)} ms`);

/** `x` with `digits` decimals; `n/a` when there is no figure. */
export const num = (x, digits = 0) => (missing(x) ? 'n/a' : Number(x).toFixed(digits));

/** Bytes as KB with `digits` decimals. */
export const kb = (bytes, digits = 1) =>
  Number.isFinite(bytes) ? `${(bytes / 1024).toFixed(digits)} KB` : 'n/a';

/** A whole number with thousands separators (1,610). */
export const count = (x) => (missing(x) ? 'n/a' : Math.round(x).toLocaleString('en-US'));

/** `2026-11-24 05:13 UTC` from an ISO date. */
export const when = (iso) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : 'at an unknown time');

/**
 * The first line of a section's block: when it ran, at which commit, the machine's load average
 * (1 minute) before and after, as the runner recorded them (bench/run.mjs).
 */
export function stamp(result) {
  const run = result?.run ?? {};
  const load = run.load
    ? `, load average ${num(run.load[0], 1)} before and ${num(run.load[1], 1)} after`
    : '';
  return `Measured ${when(run.date)} at commit ${run.commit ?? 'unknown'}${load}.`;
}

/** A line saying a part failed (with its error), or nothing. */
export const failed = (part) => (part?.error ? `\n> Not measured: ${part.error}\n` : '');

/** 'yes' / 'no' for a goal, '' when there is none. */
export const met = (ok) => (ok === undefined || ok === null ? '' : ok ? 'yes' : 'no');
