// The airport list: every airport with an IATA code and scheduled service (not only India and a
// hand-kept list of hubs), each with its time zone, sent compressed.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickAirports } from '@/server/db/seed';
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
