// The service worker program type-checks src/data against the WebWorker lib. src/data touches a
// few page-only APIs behind runtime guards (localStorage is null in a worker); declaring their
// types here lets the shared code compile in both programs.
interface Storage {
  readonly length: number;
  clear(): void;
  getItem(key: string): string | null;
  key(index: number): string | null;
  removeItem(key: string): void;
  setItem(key: string, value: string): void;
}
declare var localStorage: Storage | undefined;

interface StorageManager {
  persist?(): Promise<boolean>;
}
