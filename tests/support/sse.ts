// Reads a poke stream (GET /api/sync/poke) as a device would: counts `poke` events and comment
// lines (heartbeats) as they arrive, and waits, with a deadline, for a count to be reached.
//
//   readPokes(res: Response) : PokeReader
//   openPokes(url, cookie)   : Promise<PokeReader>   (fetch against a real process)

export interface PokeReader {
  status: number;
  /** `poke` events received so far. */
  pokes(): number;
  /** Comment lines received so far (the opening one and heartbeats). */
  comments(): number;
  /** Resolves once `pokes()` reaches n; rejects after `ms`. */
  waitForPokes(n: number, ms?: number): Promise<void>;
  /** Resolves when the server ends the stream; rejects after `ms`. */
  ended(ms?: number): Promise<void>;
  close(): Promise<void>;
}

export function readPokes(res: Response, abort?: AbortController): PokeReader {
  let pokes = 0;
  let comments = 0;
  let done = false;
  let buffer = '';
  const waiters = new Set<() => void>();
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  const notify = () => {
    for (const w of [...waiters]) w();
  };
  void (async () => {
    try {
      while (reader) {
        const { done: end, value } = await reader.read();
        if (end) break;
        buffer += decoder.decode(value, { stream: true });
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const lines = block.split('\n');
          if (lines.includes('event: poke')) pokes += 1;
          comments += lines.filter((l) => l.startsWith(':')).length;
          cut = buffer.indexOf('\n\n');
        }
        notify();
      }
    } catch {
      // Closed by close() or the network.
    }
    done = true;
    notify();
  })();
  const until = (ok: () => boolean, ms: number, what: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!ok()) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`${what} within ${ms} ms (pokes ${pokes}, ended ${done})`));
      }, ms);
      waiters.add(check);
      check();
    });
  return {
    status: res.status,
    pokes: () => pokes,
    comments: () => comments,
    waitForPokes: (n, ms = 5000) => until(() => pokes >= n, ms, `no ${n} pokes`),
    ended: (ms = 5000) => until(() => done, ms, 'the stream did not end'),
    async close() {
      abort?.abort();
      await reader?.cancel().catch(() => undefined);
    },
  };
}

export async function openPokes(url: string, cookie: string): Promise<PokeReader> {
  const abort = new AbortController();
  const res = await fetch(`${url}/api/sync/poke`, { headers: { Cookie: cookie }, signal: abort.signal });
  return readPokes(res, abort);
}
