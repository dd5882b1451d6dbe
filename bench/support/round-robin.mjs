// A TCP proxy in front of several server processes: each new connection goes to the next one, so
// a page's requests and its poke stream land on different processes (live.mjs, badge.mjs).
import { connect, createServer } from 'node:net';

/** Each new TCP connection goes to the next upstream port in turn. */
export function roundRobinProxy(ports) {
  let next = 0;
  const sockets = new Set();
  const server = createServer((client) => {
    const port = ports[next++ % ports.length];
    const upstream = connect(port, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: server.address().port,
        close: () => {
          for (const s of sockets) s.destroy();
          return new Promise((r) => server.close(r));
        },
      }),
    );
  });
}
