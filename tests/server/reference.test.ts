// The airport list: every airport with an IATA code and scheduled service, each with its city,
// other names, country, rank and time zone, sent compressed, from memory, with an ETag; and the
// airlines that fly.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markReferenceChanged } from '@/server/db/reference-version';
import { airports } from '@/server/db/schema';
import { pickAirlines, referenceData, seedReferenceData } from '@/server/db/seed';
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
  cc: string;
  rank: number;
  alt?: string[];
  metro?: string;
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
    expect(byCode.get('DEL')).toMatchObject({
      city: 'New Delhi',
      country: 'India',
      cc: 'IN',
      timeZone: 'Asia/Kolkata',
      alt: ['Delhi', 'Palam Air Force Station'],
    });
    expect(byCode.get('JFK')).toMatchObject({ city: 'New York', metro: 'NYC', timeZone: 'America/New_York' });
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

// Airports in India with scheduled passenger service (AAI's list, 2025): every one must be offered.
const INDIAN_AIRPORTS = [
  'HYD',
  'BLR',
  'TRV',
  'IXE',
  'CCU',
  'GOI',
  'GOX',
  'DEL',
  'BOM',
  'NMI',
  'MAA',
  'COK',
  'CCJ',
  'AMD',
  'PNQ',
  'JAI',
  'LKO',
  'GAU',
  'PAT',
  'IXB',
  'BBI',
  'SXR',
  'NAG',
  'IDR',
  'VNS',
  'IXC',
  'VTZ',
  'ATQ',
  'CJB',
  'RPR',
  'BDQ',
  'IXR',
  'IXZ',
  'IXM',
  'TRZ',
  'VGA',
  'RAJ',
  'UDR',
  'JDH',
  'DED',
  'IXJ',
  'IXL',
  'IMF',
  'AJL',
  'DIB',
  'IXA',
  'STV',
  'BHO',
  'GWL',
  'JLR',
  'HBX',
  'IXG',
  'MYQ',
  'TIR',
  'RJA',
  'GOP',
  'AYJ',
  'DGH',
  'JRG',
  'HGI',
  'KUU',
  'JSA',
] as const;

describe('reference data', () => {
  it('names every Indian airport with scheduled service, under the names people use', async () => {
    const res = await server.request('/api/get/airports');
    const byCode = new Map(((await res.json()) as AirportAnswer[]).map((a) => [a.code, a]));
    for (const code of INDIAN_AIRPORTS) expect(byCode.get(code)?.cc, code).toBe('IN');
    expect(byCode.get('HYD')).toMatchObject({
      name: 'Rajiv Gandhi International Airport',
      city: 'Hyderabad',
    });
    // Begumpet has had no scheduled flights since 2008.
    expect(byCode.has('BPM')).toBe(false);
    expect(byCode.get('BLR')).toMatchObject({
      city: 'Bengaluru',
      alt: expect.arrayContaining(['Bangalore']),
    });
    expect(byCode.get('IXE')).toMatchObject({
      city: 'Mangaluru',
      alt: expect.arrayContaining(['Mangalore']),
    });
    expect(byCode.get('CCU')?.alt).toContain('Calcutta');
    expect(byCode.get('TRV')).toMatchObject({
      city: 'Thiruvananthapuram',
      alt: expect.arrayContaining(['Trivandrum']),
    });
    expect(byCode.get('GOX')).toMatchObject({ city: 'Goa', name: 'Manohar International Airport' });
    // India's busiest lead, in traffic order.
    const ranks = ['DEL', 'BOM', 'BLR', 'HYD'].map((c) => byCode.get(c)?.rank ?? 0);
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
  });

  it('lists every active airline with an IATA code, Indian carriers under their current names', async () => {
    const res = await server.request('/api/get/airlines');
    const byCode = new Map(
      ((await res.json()) as { code: string; name: string }[]).map((a) => [a.code, a.name]),
    );
    expect(byCode.size).toBeGreaterThan(500);
    expect(
      Object.fromEntries(['AI', '6E', 'SG', 'QP', 'IX', '9I', 'S5', 'IC'].map((c) => [c, byCode.get(c)])),
    ).toEqual({
      AI: 'Air India',
      '6E': 'IndiGo',
      SG: 'SpiceJet',
      QP: 'Akasa Air',
      IX: 'Air India Express',
      '9I': 'Alliance Air',
      S5: 'Star Air',
      IC: 'Fly91',
    });
    // Merged into Air India (Vistara) and Air India Express (AIX Connect) in 2024; Go First and
    // Jet Airways stopped flying; Alitalia's code is ITA Airways'.
    for (const gone of ['UK', 'I5', 'G8', '9W']) expect(byCode.has(gone), gone).toBe(false);
    expect(byCode.get('AZ')).toBe('ITA Airways');
  });

  it('offers a merged airline for the days it still flew', () => {
    const { airlines } = referenceData();
    const before = pickAirlines(airlines, '2024-11-11').map((a) => a.code);
    expect(before).toEqual(expect.arrayContaining(['UK', 'AI']));
    expect(before).not.toContain('I5');
    expect(pickAirlines(airlines, '2024-11-12').map((a) => a.code)).not.toContain('UK');
    expect(pickAirlines(airlines, '2024-09-30').map((a) => a.code)).toContain('I5');
  });
});
