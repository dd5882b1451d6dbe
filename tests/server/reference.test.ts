// The airport list: every airport with an IATA code and scheduled service (not only India and a
// hand-kept list of hubs), each with its time zone, sent compressed, from memory, with an ETag.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markReferenceChanged } from '@/server/db/reference-version';
import { airports } from '@/server/db/schema';
import { pickAirports, seedReferenceData } from '@/server/db/seed';
import { createTestServer, type TestServer } from '../support/server-app';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

interface AirportAnswer {
  code: string;
  name: string;
  city: string;
  country: string;
  timeZone: string;
}

describe('GET /api/get/airports', () => {
  it('lists scheduled airports worldwide with their city and time zone', async () => {
    const res = await server.request('/api/get/airports');
    expect(res.status).toBe(200);
    const airports = (await res.json()) as AirportAnswer[];
    expect(airports.length).toBeGreaterThan(2500);
    const byCode = new Map(airports.map((a) => [a.code, a]));
    for (const code of ['DEL', 'BOM', 'DXB', 'LHR', 'JFK', 'SYD', 'NBO', 'GRU', 'YVR', 'ATQ', 'GOX'])
      expect(byCode.has(code), code).toBe(true);
    expect(byCode.get('DEL')).toMatchObject({ city: 'Delhi', country: 'India', timeZone: 'Asia/Calcutta' });
    expect(airports.every((a) => /^[A-Z]{3}$/.test(a.code) && a.timeZone)).toBe(true);
    expect(new Set(airports.map((a) => a.code)).size).toBe(airports.length);
  });

  it('is sent gzipped to a client that accepts it', async () => {
    const res = await server.request('/api/get/airports', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const body = Buffer.from(await res.arrayBuffer());
    expect(JSON.parse(gunzipSync(body).toString()).length).toBeGreaterThan(2500);
    expect(body.length).toBeLessThan(120_000);
  });
});

describe('reference data served from memory', () => {
  const delhiName = async (init?: RequestInit) => {
    const res = await server.request('/api/get/airports', init);
    const list = (await res.json()) as AirportAnswer[];
    return { name: list.find((a) => a.code === 'DEL')?.name, etag: res.headers.get('etag') };
  };

  it('answers with an ETag, and 304 without a body to If-None-Match', async () => {
    for (const path of ['/api/get/airports', '/api/get/airlines']) {
      const res = await server.request(path);
      const etag = res.headers.get('etag');
      expect(etag, path).toMatch(/^(W\/)?"[^"]+"$/);
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      await res.arrayBuffer();
      const again = await server.request(path, { headers: { 'If-None-Match': etag as string } });
      expect(again.status, path).toBe(304);
      expect((await again.arrayBuffer()).byteLength).toBe(0);
    }
  });

  it('honours Accept-Encoding: brotli first, gzip, or none', async () => {
    const br = await server.request('/api/get/airports', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers.get('content-encoding')).toBe('br');
    const body = Buffer.from(await br.arrayBuffer());
    expect(JSON.parse(brotliDecompressSync(body).toString()).length).toBeGreaterThan(2500);
    const plain = await server.request('/api/get/airports', { headers: { 'accept-encoding': 'br;q=0' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(((await plain.json()) as unknown[]).length).toBeGreaterThan(2500);
  });

  it('builds the answer once per seed: the table is not read again until the reference data changes', async () => {
    const first = await delhiName();
    expect(first.name).toBe('Indira Gandhi International Airport');
    // Changed behind the server's back: a request that read the table would show it.
    await server.db.update(airports).set({ name: 'Changed' }).where(eq(airports.code, 'DEL'));
    expect(await delhiName()).toEqual(first);
    markReferenceChanged(server.db);
    const changed = await delhiName();
    expect(changed.name).toBe('Changed');
    expect(changed.etag).not.toBe(first.etag);
    // Seeding writes the tables and marks them changed: the next answer is built from them.
    await seedReferenceData(server.db);
    expect(await delhiName()).toEqual(first);
  });
});

describe('pickAirports', () => {
  const record = (iata: string, country: string, tz = 'Etc/UTC') => ({
    iata,
    name: iata,
    city: iata,
    country,
    tz,
  });

  it('keeps scheduled airports and every Indian one, and drops the rest', () => {
    const picked = pickAirports(
      [record('AAA', 'Chile'), record('BBB', 'Chile'), record('IXX', 'India'), record('ZZZ', 'Peru', '\\N')],
      ['AAA', 'ZZZ'],
    );
    expect(picked.map((a) => a.code)).toEqual(['AAA', 'IXX']);
  });
});
