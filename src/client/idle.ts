// True once the browser has been idle after the first render: what the first screen does not
// need (the data layer on the login screen, the PWA controls) is rendered, and so fetched, then.
// And a way to split work into tasks of its own.
import { useEffect, useState } from 'react';

export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if ('requestIdleCallback' in window) {
      const id = requestIdleCallback(() => setIdle(true), { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(() => setIdle(true), 0);
    return () => clearTimeout(id);
  }, []);
  return idle;
}

/**
 * Resolves in a task of its own: work split at it gives the browser a turn (input, a frame)
 * between the parts, instead of one long task.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
