// The network between a device and the in-process server, where single answers can be lost or
// held back: the request reaches the server and is applied there, and its answer is thrown away
// (lost) or waits until the test delivers it (late, overtaken by whatever ran meanwhile). Built
// on data-net's cookie jar, so every tab of a device shares one session, as in a browser.
//
//   createLink(app) : Link
//   link.loseNext('/api/sync/push')        the next push is applied; the device never hears back
//   const h = link.holdNext('/api/sync/pull')
//   await h.reached                        the server has answered it (from its state then)
//   h.deliver() | h.lose()                 the answer arrives now, or never
//   link.disarm()                          forgets losses and holds no request has taken yet
//   link.down = true                       every request fails before it is sent
import { createNet, type Net } from './data-net';

export interface Held {
  path: string;
  /** Resolves once the server has answered the held request. */
  reached: Promise<void>;
  /** True once the request has been sent (the hold was taken). */
  readonly taken: boolean;
  deliver(): void;
  lose(): void;
}

export interface Link {
  fetch: typeof fetch;
  down: boolean;
  net: Net;
  loseNext(pathPrefix: string): void;
  holdNext(pathPrefix: string): Held;
  disarm(): void;
}

interface Arm {
  prefix: string;
  hold: HeldGate | null;
}

interface HeldGate extends Held {
  markReached(): void;
  gate: Promise<boolean>;
}

function pathOf(input: RequestInfo | URL): string {
  return new URL(input instanceof Request ? input.url : String(input)).pathname;
}

function newGate(path: string): HeldGate {
  let reached: () => void = () => undefined;
  let open: (deliver: boolean) => void = () => undefined;
  const gate: HeldGate = {
    path,
    taken: false,
    reached: new Promise<void>((r) => {
      reached = r;
    }),
    gate: new Promise<boolean>((r) => {
      open = r;
    }),
    markReached() {
      (gate as { taken: boolean }).taken = true;
      reached();
    },
    deliver: () => open(true),
    lose: () => open(false),
  };
  return gate;
}

export function createLink(app: Parameters<typeof createNet>[0]): Link {
  const net = createNet(app);
  let arms: Arm[] = [];
  const link: Link = {
    net,
    down: false,
    loseNext(prefix) {
      arms.push({ prefix, hold: null });
    },
    holdNext(prefix) {
      const hold = newGate(prefix);
      arms.push({ prefix, hold });
      return hold;
    },
    disarm() {
      arms = [];
    },
    fetch: async (input, init) => {
      if (link.down) throw new TypeError('fetch failed');
      const path = pathOf(input);
      const i = arms.findIndex((a) => path.startsWith(a.prefix));
      const arm = i >= 0 ? arms.splice(i, 1)[0] : undefined;
      const response = await net.fetch(input, init);
      if (!arm) return response;
      if (arm.hold) {
        arm.hold.markReached();
        if (await arm.hold.gate) return response;
      }
      throw new TypeError('fetch failed');
    },
  };
  return link;
}
