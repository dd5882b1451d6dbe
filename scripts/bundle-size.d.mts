// Types of bundle-size.mjs for the TypeScript tests.
export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
  files: string[];
}
export interface LocaleCatalogues {
  shell: Sizes;
  areas: Record<string, Sizes>;
  areasTotal: Omit<Sizes, 'files'>;
  largestArea: string | null;
  switch: Omit<Sizes, 'files'>;
}
export interface BundleSizes {
  firstScreenJs: Sizes;
  firstScreenCss: Sizes;
  precache: Sizes;
  precacheFiles: Array<{ url: string; raw: number; gzip: number; brotli: number }>;
  catalogues: Record<string, LocaleCatalogues>;
}
export interface Budget {
  name: string;
  actualKb: number;
  limitKb: number;
  ok: boolean;
}
export declare const BUDGETS_KB: {
  firstScreenJsGzip: number;
  precacheGzip: number;
  localeSwitchGzip: number;
};
export declare function measureCatalogues(distDir: string): Record<string, LocaleCatalogues>;
export declare function measureBundle(distDir: string): BundleSizes;
export declare function measureFirstScreenJs(distDir: string): Sizes;
export declare function checkBudgets(sizes: BundleSizes): Budget[];
export declare const kb: (bytes: number) => string;
