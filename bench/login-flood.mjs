// Can one client stall everyone's logins? Starts the server (PGlite in a temp folder, behind one
// trusted proxy so requests can name their address), floods POST /auth/login with the right
// password for one account from one address (20 connections, 15 s), and meanwhile logs another
// user in from their own device every 200 ms. Prints one JSON line: the flood's answers, the
// other user's login times idle and under the flood, and whether the flooder's first session
// survived the session cap.
//
//   node bench/login-flood.mjs [--port 8094] [--seconds 15]
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { percentile, round, sleep, startServer } from './support/util.mjs';

const { values } = parseArgs({
  options: { port: { type: 'string' }, seconds: { type: 'string', default: '15' } },
});
const { base, stop } = await startServer(
  'login-flood',
  { TRUST_PROXY: '1' },
  values.port ? Number(values.port) : undefined,
);
const JSON_TYPE = { 'content-type': 'application/json' };
const post = (path, body, headers = {}) =>
  fetch(base + path, { method: 'POST', headers: { ...JSON_TYPE, ...headers }, body: JSON.stringify(body) });
const account = (n) => ({
  name: 'Asha Rao',
  phone: '9876543210',
  age: 30,
  gender: 'female',
  email: `${n}@example.com`,
  password: 'Secret@123',
  confirmPassword: 'Secret@123',
});

try {
  const [flooder, other] = [account('flooder'), account('other')];
  for (const a of [flooder, other]) await post('/auth/signup', a, { 'x-forwarded-for': '198.51.100.9' });
  const FLOOD_FROM = { 'x-forwarded-for': '203.0.113.5' };
  const first = await (
    await post('/auth/login', { email: flooder.email, password: flooder.password }, FLOOD_FROM)
  ).json();
  const OTHER_FROM = { 'x-forwarded-for': '198.51.100.7' };
  const own = await post('/auth/login', { email: other.email, password: other.password }, OTHER_FROM);
  const device =
    own.headers
      .getSetCookie()
      .find((c) => c.startsWith('carry_device='))
      ?.split(';')[0] ?? '';
  const otherLogin = async () => {
    const start = performance.now();
    const res = await post(
      '/auth/login',
      { email: other.email, password: other.password },
      { ...OTHER_FROM, cookie: device },
    );
    await res.text();
    return { status: res.status, ms: performance.now() - start };
  };
  const idle = [];
  for (let i = 0; i < 8; i += 1) {
    idle.push(await otherLogin());
    await sleep(200);
  }
  const during = [];
  let flooding = true;
  const probe = (async () => {
    while (flooding) {
      during.push(await otherLogin());
      await sleep(200);
    }
  })();
  const flood = await autocannon({
    url: `${base}/auth/login`,
    method: 'POST',
    headers: { ...JSON_TYPE, ...FLOOD_FROM },
    body: JSON.stringify({ email: flooder.email, password: flooder.password }),
    connections: 20,
    duration: Number(values.seconds),
  });
  flooding = false;
  await probe;
  const firstSession = await fetch(`${base}/api/auth`, {
    headers: { authorization: `Bearer ${first.token}` },
  });
  const ok = (xs) => xs.filter((x) => x.status === 200).map((x) => x.ms);
  console.log(
    JSON.stringify({
      flood: { requests: flood.requests.total, ok: flood['2xx'], refused: flood.non2xx },
      otherUser: {
        idleP50Ms: round(percentile(ok(idle), 50), 0),
        floodP50Ms: round(percentile(ok(during), 50), 0),
        floodP90Ms: round(percentile(ok(during), 90), 0),
        refusedDuringFlood: during.length - ok(during).length,
      },
      flooderFirstSessionStatus: firstSession.status,
    }),
  );
} finally {
  await stop();
}
