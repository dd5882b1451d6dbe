// Types of build-if-stale.mjs for the TypeScript test harness.
export declare function buildIfStale(opts?: { log?: (message: string) => void }): boolean;
