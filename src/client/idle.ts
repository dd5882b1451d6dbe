// True once the browser has been idle after the first render: what the first screen does not
// need (the data layer on the login screen, the PWA controls) is rendered, and so fetched, then.
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
