// Whether the router has put its first screen (or its pending shell) on the page. Until then the
// app shows its own loading shell: the router renders nothing before its first load is presented,
// and a first screen that suspends (an area's words still on their way: useT('search')) keeps
// that nothing on screen, a blank page, until it can render.
import { useSyncExternalStore } from 'react';

let shown = false;
const listeners = new Set<() => void>();

/** Called once the root layout or its pending shell has mounted. */
export function markFirstScreenShown(): void {
  if (shown) return;
  shown = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isShown = () => shown;

export function useFirstScreenShown(): boolean {
  return useSyncExternalStore(subscribe, isShown, isShown);
}
