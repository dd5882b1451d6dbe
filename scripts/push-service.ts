// A local HTTP endpoint that plays a Web Push service, for the tests and the benches. It checks
// what a push service checks (the VAPID JWT: ES256 signature by the `k` key, audience = its own origin, a subject, expiry within
// 24 hours; a TTL header; Content-Encoding: aes128gcm) and decrypts the payload (RFC 8291) with
// the subscription keys it made itself with node:crypto, as a browser would.
//
//   startPushService(options?: { delayMs }): Promise<PushService>   (delayMs: each answer that late)
//   service.subscription(name): { endpoint, keys: { p256dh, auth } } for POST /api/push/subscriptions
//   service.respondWith(...statuses): the next answers (status and optional Retry-After); 201 after
//   service.hold() / service.release(): requests from now on wait unanswered until released
//     (a slow push service); service.waiting() counts those waiting
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPush {
  /** The subscription's name (the endpoint's last path segment). */
  name: string;
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
  ttl: number;
  urgency: string | undefined;
  jwt: { aud: string; sub: string; exp: number };
  /** When it arrived (performance.now(), comparable with the SMTP sink's). */
  at: number;
  /** Why the push service refused it, when it did (the test fails on any). */
  problem?: string;
}

interface Keys {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
}

export interface PushService {
  origin: string;
  received: ReceivedPush[];
  /** Problems found in requests (bad JWT, missing TTL, undecryptable payload). */
  problems: string[];
  subscription(name: string): { endpoint: string; keys: { p256dh: string; auth: string } };
  respondWith(...answers: Array<number | { status: number; retryAfter?: string }>): void;
  hold(): void;
  release(): void;
  /** Requests held unanswered now. */
  waiting(): number;
  /** Requests seen per subscription name, answered or not. */
  hits(name: string): number;
  close(): Promise<void>;
}

const b64 = (b: Buffer) => b.toString('base64url');

function verifyJwt(header: string | undefined, origin: string, nowMs: number) {
  const m = header?.match(/^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/);
  if (!m?.[1] || !m[2]) throw new Error(`Authorization is not "vapid t=..., k=...": ${header}`);
  const [h, p, s] = m[1].split('.');
  if (!h || !p || !s) throw new Error('malformed JWT');
  const point = Buffer.from(m[2], 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!ok) throw new Error('JWT signature does not verify with k');
  const head = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string };
  if (head.alg !== 'ES256') throw new Error(`JWT alg ${head.alg}`);
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as {
    aud: string;
    sub: string;
    exp: number;
  };
  if (claims.aud !== origin) throw new Error(`JWT aud ${claims.aud} is not ${origin}`);
  if (!/^(mailto:|https:\/\/)/.test(claims.sub ?? '')) throw new Error(`JWT sub ${claims.sub}`);
  const now = Math.floor(nowMs / 1000);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600))
    throw new Error(`JWT exp ${claims.exp} not within 24 h`);
  return claims;
}

/** RFC 8291 / RFC 8188 aes128gcm, one record: what the browser does with the keys it made. */
export function decryptPayload(body: Buffer, keys: Keys): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20] ?? 0;
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const secret = keys.ecdh.computeSecret(senderPublic);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, keys.auth, info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = padded.lastIndexOf(2);
  if (end < 0) throw new Error('no padding delimiter');
  return padded.subarray(0, end).toString('utf8');
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export async function startPushService(options: { delayMs?: number } = {}): Promise<PushService> {
  const keys = new Map<string, Keys>();
  const received: ReceivedPush[] = [];
  const problems: string[] = [];
  const hits = new Map<string, number>();
  const answers: Array<{ status: number; retryAfter?: string }> = [];
  let origin = '';
  let gate: { promise: Promise<void>; open: () => void } | null = null;
  let waiting = 0;
  const server = createServer(async (req, res) => {
    const name = decodeURIComponent(req.url?.split('/').pop() ?? '');
    const at = performance.now();
    hits.set(name, (hits.get(name) ?? 0) + 1);
    const body = await readBody(req);
    if (gate) {
      waiting += 1;
      await gate.promise;
      waiting -= 1;
    }
    // A push service across the internet answers in tens to hundreds of milliseconds.
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
    try {
      const k = keys.get(name);
      if (req.method !== 'POST' || !k) throw new Error(`unknown subscription ${name}`);
      const jwt = verifyJwt(req.headers.authorization, origin, Date.now());
      const ttl = Number(req.headers.ttl);
      if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) throw new Error('TTL missing');
      if (req.headers['content-encoding'] !== 'aes128gcm')
        throw new Error('Content-Encoding is not aes128gcm');
      const payload = JSON.parse(decryptPayload(body, k)) as unknown;
      const answer = answers.shift() ?? { status: 201 };
      if (answer.status < 300)
        received.push({ name, payload, ttl, urgency: req.headers.urgency as string | undefined, jwt, at });
      res.writeHead(answer.status, answer.retryAfter ? { 'Retry-After': answer.retryAfter } : {});
      res.end();
    } catch (err) {
      problems.push(err instanceof Error ? err.message : String(err));
      res.writeHead(400);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    problems,
    subscription(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      keys.set(name, { ecdh, auth });
      return {
        endpoint: `${origin}/push/${encodeURIComponent(name)}`,
        keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) },
      };
    },
    respondWith(...list) {
      answers.push(...list.map((a) => (typeof a === 'number' ? { status: a } : a)));
    },
    hold() {
      if (gate) return;
      let open = () => {};
      const promise = new Promise<void>((resolve) => {
        open = resolve;
      });
      gate = { promise, open };
    },
    release() {
      gate?.open();
      gate = null;
    },
    waiting: () => waiting,
    hits: (name) => hits.get(name) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        gate?.open();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
