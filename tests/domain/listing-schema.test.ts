import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  addListingFormSchema,
  addListingRequestSchema,
  searchFormSchema,
  searchRequestSchema,
} from '@/domain/listing/schema';
import { messagesOf } from '../support/issues';

// 2026-11-21 12:00 UTC = 17:30 in Delhi.
const NOW = Date.UTC(2026, 10, 21, 12, 0);
const zones: Record<string, string> = { DEL: 'Asia/Kolkata', DXB: 'Asia/Dubai', BOM: 'Asia/Kolkata' };
const ctx = { nowMs: NOW, timeZoneOf: (code: string) => zones[code] };

const form = {
  from: 'DEL',
  to: 'BOM',
  departure: '2026-11-22',
  time: '09:30',
  airline: 'AI',
  flightNo: 'ai 101',
  weight: '5',
  cost: '800',
};

describe('addListingFormSchema', () => {
  it('accepts a complete listing, normalising the flight number and numbers', () => {
    expect(v.parse(addListingFormSchema(ctx), form)).toEqual({
      ...form,
      flightNo: 'AI101',
      weight: 5,
      cost: 800,
    });
  });

  it.each([
    ['from', 'From is required'],
    ['to', 'To is required'],
    ['departure', 'Departure is required'],
    ['time', 'Time is required'],
    ['airline', 'Airline is required'],
    ['flightNo', 'Flight No is required'],
    ['weight', 'Weight is required'],
    ['cost', 'Cost is required'],
  ])('requires %s', (field, message) => {
    expect(messagesOf(addListingFormSchema(ctx), { ...form, [field]: '' })[field]?.[0]).toBe(message);
  });

  it.each([
    ['weight', '0', 'Weight must be at least 1 KG'],
    ['weight', '1000', 'Weight must be at most 999 KG'],
    ['cost', '-1', 'Cost cannot be negative'],
    ['time', '25:00', 'Time must be in HH:MM format'],
    ['departure', '2026-02-30', 'Date must be in YYYY-MM-DD format'],
    ['flightNo', 'A', 'Flight number must be 2 to 8 letters and digits, like AI101'],
  ])('%s = %j gives %j', (field, value, message) => {
    expect(messagesOf(addListingFormSchema(ctx), { ...form, [field]: value })[field]?.[0]).toBe(message);
  });

  it.each([
    ['weight', '1'],
    ['cost', '0'],
  ])('%s = %j is the accepted minimum', (field, value) => {
    expect(messagesOf(addListingFormSchema(ctx), { ...form, [field]: value })[field]).toBeUndefined();
  });

  it('refuses the same airport as origin and destination', () => {
    expect(messagesOf(addListingFormSchema(ctx), { ...form, to: 'DEL' }).to).toEqual([
      'Destination must be different from origin.',
    ]);
  });

  it('refuses a departure earlier today in the origin airport time zone', () => {
    // 17:00 in Delhi is before 17:30 there.
    const r = messagesOf(addListingFormSchema(ctx), { ...form, departure: '2026-11-21', time: '17:00' });
    expect(r.departure).toEqual(['Departure date and time must be in the future.']);
  });

  it('judges by the origin airport, not the device: 17:00 in Dubai is still ahead', () => {
    // 17:00 Dubai = 13:00 UTC, after NOW (12:00 UTC).
    const r = v.safeParse(addListingFormSchema(ctx), {
      ...form,
      from: 'DXB',
      departure: '2026-11-21',
      time: '17:00',
    });
    expect(r.success).toBe(true);
  });
});

describe('addListingRequestSchema', () => {
  const body = { ...form, weight: 5, cost: 800, email: 'c@x.in', name: 'Carrier', phone: '9876543210' };

  it('accepts the JSON body with numbers', () => {
    expect(v.safeParse(addListingRequestSchema(ctx), body).success).toBe(true);
  });

  it('refuses a departure in the past on the server too', () => {
    expect(messagesOf(addListingRequestSchema(ctx), { ...body, departure: '2026-11-20' }).departure).toEqual([
      'Departure date and time must be in the future.',
    ]);
  });

  it('refuses wrong types', () => {
    expect(v.safeParse(addListingRequestSchema(ctx), { ...body, weight: { x: 1 } }).success).toBe(false);
  });
});

describe('searchFormSchema', () => {
  const search = { from: 'DEL', to: 'BOM', departure: '2026-11-21', flightNo: 'AI101', airline: 'AI' };

  it('accepts a search for today', () => {
    expect(v.safeParse(searchFormSchema('2026-11-21'), search).success).toBe(true);
  });

  it('refuses a date earlier than today', () => {
    expect(messagesOf(searchFormSchema('2026-11-22'), search).departure).toEqual([
      'Departure date cannot be earlier than today.',
    ]);
  });

  it.each([
    [{ from: '' }, 'Please fill out the "From" field.'],
    [{ to: '' }, 'Please fill out the "To" field.'],
    [{ departure: '' }, 'Please fill out the "Departure Date" field.'],
  ])('names the empty field %j', (blank, message) => {
    const issues = v.safeParse(searchFormSchema('2026-11-21'), { ...search, ...blank }).issues ?? [];
    expect(issues[0]?.message).toBe(message);
  });

  it('reports every empty required field at once', () => {
    const values = { from: '', to: '', departure: '', flightNo: '', airline: '' };
    const first = Object.entries(messagesOf(searchFormSchema('2026-11-21'), values)).map(([k, m]) => [
      k,
      m?.[0],
    ]);
    expect(Object.fromEntries(first)).toEqual({
      from: 'Please fill out the "From" field.',
      to: 'Please fill out the "To" field.',
      departure: 'Please fill out the "Departure Date" field.',
    });
  });

  it('needs only from, to and date', () => {
    const parsed = v.parse(searchFormSchema('2026-11-21'), { ...search, flightNo: '', airline: '' });
    expect(parsed).toEqual({ ...search, flightNo: '', airline: '' });
  });

  it.each([
    ['AI 101', 'AI101', 'AI'],
    ['ai101', 'AI101', 'AI'],
    ['6E-2131', '6E2131', '6E'],
  ])('normalises the flight number %s and infers its airline', (flightNo, normal, airline) => {
    const parsed = v.parse(searchFormSchema('2026-11-21'), { ...search, flightNo, airline: '' });
    expect(parsed).toMatchObject({ flightNo: normal, airline });
  });

  it('keeps an airline the user chose', () => {
    expect(v.parse(searchFormSchema('2026-11-21'), { ...search, airline: '9I' }).airline).toBe('9I');
  });

  it('refuses a flight number of the wrong shape', () => {
    expect(messagesOf(searchFormSchema('2026-11-21'), { ...search, flightNo: 'A' }).flightNo).toEqual([
      'Flight number must be 2 to 8 letters and digits, like AI101',
    ]);
  });

  it('refuses the same origin and destination on the wire', () => {
    const body = { ...search, to: 'DEL', email: 'a@b.co', name: 'A', phone: '9876543210' };
    expect(messagesOf(searchRequestSchema, body).to).toEqual(['Destination must be different from origin.']);
  });
});
