// Types of chromium.mjs.
import type { Browser } from 'playwright-core';

export declare const CHROME_PATH: string;
export declare const CHROMIUM_ARGS: string[];
export declare const DESKTOP: { width: number; height: number };
export declare const PHONE: { width: number; height: number };
export declare function launchBrowser(): Promise<Browser>;
