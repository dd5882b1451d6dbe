// Types of util.mjs for the TypeScript bench parts.
import type { ChildProcess } from 'node:child_process';

export declare const median: (xs: number[]) => number;
export declare function percentile(xs: number[], p: number): number;
/** What a bench keeps of an autocannon run. */
export declare const loadSummary: (r: {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}) => { rps: number; p50: number; p99: number; requests: number; non2xx: number; errors: number };
export declare const round: (x: number, digits?: number) => number | null;
export declare const round2: (x: number) => number;
export declare function timingSummary(times: number[]): {
  runs: number;
  median: number;
  p95: number;
  max: number;
};
export declare function freePort(): Promise<number>;
export declare const sleep: (ms: number) => Promise<void>;
export declare function waitForOk(url: string, timeoutMs?: number): Promise<void>;
export declare function startProcess(
  args: string[],
  opts?: { env?: Record<string, string>; quiet?: boolean },
): { child: ChildProcess; stderr(): string; stop(): Promise<void> };
export declare function boundedRuns<T>(
  count: number,
  maxMs: number,
  fn: (i: number) => Promise<T>,
): Promise<T[]>;
export declare const SERVER_ARGS: string[];
export declare function startAppServer(
  dist: string,
  prefix: string,
  env?: Record<string, string>,
): Promise<{ port: number; base: string; pid: number; stop(): Promise<void> }>;
export declare function runSection<T>(
  bench: string,
  name: string,
  out: Record<string, unknown>,
  fn: () => Promise<T>,
): Promise<void>;
export declare function lighthouseChrome(
  extraFlags?: string[],
): Promise<import('chrome-launcher').LaunchedChrome>;
export declare function eachBackend(
  bench: string,
  out: { backends: unknown[]; errors: string[] },
  run: (backend: 'pglite' | 'postgres') => Promise<unknown>,
): Promise<void>;
