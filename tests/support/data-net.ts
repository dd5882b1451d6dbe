// The network between the data layer and the real server app, in-process: a cookie jar (the
// server authenticates by HttpOnly cookie) and a fault injector for the outbox tests.
//
//   createNet(app) : Net    net.fetch goes to ky; net.inject('fail' | 'drop' | '503', times)
//   net.down = true         every request fails before sending, until set back to false
//   net.delivered           what reached the server: method, path, key, status, replayed
//   createNet(app, { now })  answers carry a `Date` header from `now` (as Node's server adds one)

/** pass: deliver normally (to place a fault after it); fail: never sent; drop: applied, answer lost. */
export type Fault = 'pass' | 'fail' | 'drop' | '503';

export interface Delivered {
  method: string;
  path: string;
  key: string | null;
  status: number;
  /** The server answered from its idempotency record: nothing changed. */
  replayed: boolean;
}

export interface Net {
  fetch: typeof fetch;
  delivered: Delivered[];
  down: boolean;
  inject(fault: Fault, times?: number): void;
  /** Delivered writes that changed something (2xx, not replayed), as `METHOD path`. */
  applied(): Delivered[];
}

interface FetchHandler {
  fetch(request: Request): Response | Promise<Response>;
}

function offline(): TypeError {
  return new TypeError('fetch failed');
}

/** Node's HTTP server dates every answer; the in-process app does not, so the net does. */
function dated(response: Response, now: number): Response {
  if (response.headers.has('date')) return response;
  const headers = new Headers(response.headers);
  headers.set('date', new Date(now).toUTCString());
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export function createNet(app: FetchHandler, opts: { now?: () => number } = {}): Net {
  const now = opts.now ?? (() => Date.now());
  const jar = new Map<string, string>();
  const faults: Fault[] = [];
  const net: Net = {
    delivered: [],
    down: false,
    inject(fault, times = 1) {
      for (let i = 0; i < times; i += 1) faults.push(fault);
    },
    applied() {
      return net.delivered.filter((d) => d.method !== 'GET' && d.status < 300 && !d.replayed);
    },
    fetch: async (input, init) => {
      const base = new Request(input, init);
      const headers = new Headers(base.headers);
      if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
      const request = new Request(base, { headers });
      const fault = net.down ? 'fail' : faults.shift();
      if (fault === 'fail') throw offline();
      if (fault === '503') return Response.json({ message: 'Service Unavailable' }, { status: 503 });
      const response = dated(await app.fetch(request), now());
      keepCookies(jar, response);
      net.delivered.push({
        method: request.method,
        path: new URL(request.url).pathname,
        key: request.headers.get('idempotency-key'),
        status: response.status,
        replayed: response.headers.get('idempotent-replayed') === 'true',
      });
      if (fault === 'drop') throw offline();
      return response;
    },
  };
  return net;
}

function keepCookies(jar: Map<string, string>, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair = '', ...attrs] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
    if (expired) jar.delete(name);
    else jar.set(name, value);
  }
}
