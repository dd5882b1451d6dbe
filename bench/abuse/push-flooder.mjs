// The flooder of push-flood.ts, in a worker thread of its own: its requests (80 KB of JSON each,
// hundreds a second) are made on this thread's event loop, not on the one that times the other
// user's reads, as an attacker's would be made on a machine of their own. It still shares the
// machine's cores with the server and the reader.
// workerData: { base, cookie, email, pushers, batch }. Posts { applied, refused, busy, other }
// once it is sent 'stop' and its pushes in flight have ended.
import { parentPort, workerData } from 'node:worker_threads';

const { base, cookie, email, pushers, batch: size } = workerData;
const counts = { applied: 0, refused: 0, busy: 0, other: 0 };
let flooding = true;
parentPort.on('message', (m) => {
  if (m === 'stop') flooding = false;
});

async function pusher() {
  const clientId = crypto.randomUUID();
  let id = 0;
  // A refused batch is sent again as it was, made once.
  let batch = null;
  while (flooding) {
    if (batch?.from !== id + 1) {
      const mutations = Array.from({ length: size }, (_, i) => ({
        id: id + 1 + i,
        kind: 'unwatch',
        args: { id: crypto.randomUUID() },
      }));
      batch = { from: id + 1, body: JSON.stringify({ clientId, user: email, mutations }) };
    }
    const res = await fetch(`${base}/api/sync/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie },
      body: batch.body,
    });
    if (res.status === 200) {
      const body = await res.json();
      counts.applied += body.results.length;
      id = body.lastMutationId;
    } else {
      await res.arrayBuffer();
      if (res.status === 429) counts.refused += 1;
      else if (res.status === 503) counts.busy += 1;
      else counts.other += 1;
    }
  }
}

await Promise.all(Array.from({ length: pushers }, pusher));
parentPort.postMessage(counts);
