// 36 accounts × 32 poke streams against one server process under a 1,024 open-files limit
// (bench/abuse/stream-flood.ts): other people's logins and health checks idle (the baseline), with
// the streams asked from one address and from 36.
import { met, ms, stamp } from './format.mjs';

const streams = (s) =>
  Object.entries(s ?? {})
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');

const row = (label, p) =>
  `| ${label} | ${p.streams ? streams(p.streams) : ''} | ${p.heldAtEnd ?? ''} | ${p.logins} | ${ms(p.loginP50Ms)} / ${ms(p.loginP95Ms)} | ${p.health} |`;

const allOk = (p) => {
  const [ok, all] = String(p?.logins ?? '')
    .split(' ')[0]
    .split('/');
  const [hok, hall] = String(p?.health ?? '')
    .split(' ')[0]
    .split('/');
  return ok === all && hok === hall && ok !== undefined && hok !== undefined;
};

export function blocks(r) {
  return {
    'stream-flood': [
      stamp(r),
      '',
      `| ${r.streamsAsked} streams asked, ${r.openFiles} open files | streams answered | held at the end | logins | login p50 / p95 | health checks |`,
      '|---|---|---:|---:|---:|---:|',
      row('nothing held (baseline)', r.idle),
      row('36 accounts from one address', r.oneAddress),
      row('36 accounts from 36 addresses', r.manyAddresses),
    ].join('\n'),
  };
}

export function summary(r) {
  const ok = allOk(r.oneAddress) && allOk(r.manyAddresses);
  return [
    {
      measure: "36 accounts × 32 poke streams, 1,024 open files: others' logins and health checks answered",
      goal: 'all',
      now: `${r.manyAddresses?.logins ?? 'n/a'}, health ${r.manyAddresses?.health ?? 'n/a'} (36 addresses)`,
      met: met(ok),
      anchor: 'abuse-36-accounts-of-poke-streams',
    },
  ];
}
