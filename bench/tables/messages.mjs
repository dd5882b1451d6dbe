// POST /api/bookings/:id/messages under load on PostgreSQL (bench/messages.ts), with the CPU a
// request costs the server and the database, and GET /api/auth right after as a baseline.
import { count, met, stamp } from './format.mjs';

const cpu = (c) => (c ? `${c.serverMs} (${c.serverSystemMs ?? '?'}) / ${c.databaseMs} ms` : 'n/a');

export function blocks(r) {
  const x = r.postMessage;
  const a = r.authBaseline;
  return {
    messages: [
      stamp(r),
      '',
      `| ${x.connections} connections, ${x.seconds} s | req/s | p50 / p99 | non-2xx | CPU per request: server (kernel) / database | goal |`,
      '|---|---:|---:|---:|---:|---|',
      `| POST /api/bookings/:id/messages${x.idempotencyKeys ? ', each with an Idempotency-Key' : ''} | **${count(x.rps)}** | ${x.p50} / **${x.p99} ms** | ${x.non2xx} | ${cpu(x.cpu)} | 1,000 req/s, p99 15 ms |`,
      ...(a
        ? [
            `| baseline right after: GET /api/auth | ${count(a.rps)} | ${a.p50} / ${a.p99} ms | ${a.non2xx} | ${cpu(a.cpu)} | |`,
          ]
        : []),
    ].join('\n'),
  };
}

export function summary(r) {
  const x = r.postMessage;
  return [
    {
      measure: 'Post a message, PostgreSQL, 10 connections',
      goal: '1,000 req/s, p99 15 ms',
      now: x ? `${count(x.rps)} req/s, p99 ${x.p99} ms` : 'n/a',
      met: met(x?.met),
      anchor: 'messages-posting-under-load',
    },
  ];
}
