// An airport link in front of a server: a TCP proxy that delays every byte by `latencyMs` each
// way and limits each direction's throughput, for the page and the service worker alike (both
// talk to its port). `down` makes it refuse connections, as a link that is gone while the
// browser still says it is online. Counts what reaches it.
//
//   startSlowLink({ target, latencyMs?, upBytesPerSec?, downBytesPerSec? }) : Promise<SlowLink>
//   link.url, link.setDown(true), link.stats.{connections, refused, upBytes}, link.close()
import { createConnection, createServer, type Socket } from 'node:net';

export interface SlowLinkOptions {
  /** Where the link leads, e.g. { host: '127.0.0.1', port: 8080 }. */
  target: { host: string; port: number };
  /** One-way delay added to every chunk, in both directions. */
  latencyMs?: number;
  /** Client-to-server throughput; unlimited when absent. */
  upBytesPerSec?: number;
  /** Server-to-client throughput; unlimited when absent. */
  downBytesPerSec?: number;
  /** A fixed port to listen on (0: any free one). */
  port?: number;
}

export interface SlowLink {
  port: number;
  url: string;
  down: boolean;
  /** Down: open connections are cut and new ones refused; up: connections pass again. */
  setDown(down: boolean): void;
  stats: { connections: number; refused: number; upBytes: number };
  close(): Promise<void>;
}

/** Most bytes held in flight per direction before the sender is paused (TCP backpressure). */
const HIGH_WATER = 16 * 1024;
const SLICE = 4 * 1024;

/** Forwards `from` to `to` with the delay and rate limit, pausing `from` while too much waits. */
function shape(
  from: Socket,
  to: Socket,
  latencyMs: number,
  bytesPerSec: number | undefined,
  count?: (n: number) => void,
) {
  let nextFree = 0;
  let inFlight = 0;
  let ended = false;
  let pending = 0;
  const release = (chunk: Buffer, at: number) => {
    pending += 1;
    setTimeout(
      () => {
        pending -= 1;
        inFlight -= chunk.length;
        if (!to.destroyed) to.write(chunk);
        count?.(chunk.length);
        if (inFlight < HIGH_WATER && from.isPaused()) from.resume();
        if (ended && pending === 0) to.end();
      },
      Math.max(0, at - Date.now()),
    );
  };
  from.on('data', (data: Buffer) => {
    for (let i = 0; i < data.length; i += SLICE) {
      const chunk = data.subarray(i, i + SLICE);
      const now = Date.now();
      const sendTime = bytesPerSec ? (chunk.length / bytesPerSec) * 1000 : 0;
      nextFree = Math.max(now, nextFree) + sendTime;
      inFlight += chunk.length;
      release(chunk, nextFree + latencyMs);
    }
    if (inFlight >= HIGH_WATER) from.pause();
  });
  from.on('end', () => {
    ended = true;
    if (pending === 0) to.end();
  });
}

export function startSlowLink(opts: SlowLinkOptions): Promise<SlowLink> {
  const latency = opts.latencyMs ?? 0;
  const sockets = new Set<Socket>();
  const link: SlowLink = {
    port: 0,
    url: '',
    down: false,
    setDown(down) {
      link.down = down;
      if (down) for (const s of sockets) s.destroy();
    },
    stats: { connections: 0, refused: 0, upBytes: 0 },
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server = createServer((client) => {
    if (link.down) {
      link.stats.refused += 1;
      client.destroy();
      return;
    }
    link.stats.connections += 1;
    const upstream = createConnection(opts.target);
    sockets.add(client);
    sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
    upstream.on('close', drop);
    shape(client, upstream, latency, opts.upBytesPerSec, (n) => {
      link.stats.upBytes += n;
    });
    shape(upstream, client, latency, opts.downBytesPerSec);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      const address = server.address();
      link.port = typeof address === 'object' && address ? address.port : 0;
      link.url = `http://127.0.0.1:${link.port}`;
      resolve(link);
    });
  });
}
