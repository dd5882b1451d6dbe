// Page-only globals, reached through narrow types: the same code runs in the service worker,
// where localStorage, document and some navigator APIs do not exist.

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

interface LockManagerLike {
  request<T>(name: string, cb: () => Promise<T>): Promise<T>;
}

interface DocumentLike {
  visibilityState?: string;
  addEventListener(type: string, cb: () => void): void;
  removeEventListener(type: string, cb: () => void): void;
}

interface RuntimeGlobals {
  localStorage?: KeyValueStorage;
  document?: DocumentLike;
  navigator?: {
    onLine?: boolean;
    locks?: LockManagerLike | null;
    storage?: { persist?(): Promise<boolean>; persisted?(): Promise<boolean> };
  };
}

export const runtime = globalThis as unknown as RuntimeGlobals;
