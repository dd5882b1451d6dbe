// Seeing and holding what a signed-in store sends, for data tests against the real server.
//
//   pathOf(input) : string                      the path a fetch call asks for
//   withFetch(s, f)                             replaces the store's fetch (ky is rebuilt over it)
//   holdAnswers(s, (path) => boolean, { times? }) : { held, release() }
//       matching requests reach the server at once (it answers from its state now), and their
//       answers reach the store only at release(): a late answer. `times` limits how many are held.
import type { SignedIn } from './data-store';

type Device = Pick<SignedIn, 'store' | 'net'>;

export function pathOf(input: RequestInfo | URL): string {
  return new URL(input instanceof Request ? input.url : String(input)).pathname;
}

export function withFetch(s: Pick<SignedIn, 'store'>, f: typeof fetch): void {
  s.store.fetch = f;
  s.store.http = s.store.http.extend({ fetch: f });
}

export function holdAnswers(
  s: Device,
  hold: (path: string) => boolean,
  { times = Number.POSITIVE_INFINITY }: { times?: number } = {},
): { held: string[]; release(): void } {
  const inner = s.net.fetch;
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const held: string[] = [];
  let taken = 0;
  withFetch(s, async (input, init) => {
    const path = pathOf(input);
    if (!hold(path) || taken >= times) return inner(input, init);
    taken += 1;
    const res = await inner(input, init);
    // Listed once the server has answered: a test that waits for `held` knows the server's state
    // already holds this request's effect, and only the answer is late.
    held.push(path);
    await gate;
    return res;
  });
  return { held, release: () => release() };
}
