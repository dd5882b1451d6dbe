// The printed receipt's times: the departure on its airport's clock and the receipt's own times in
// India's, each named by its zone where the reader's clock differs (issue 29, point 6).
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { orderSchema } from '@/domain/booking/schema';
import { formatReceiptTime, receiptRows, receiptText } from '@/domain/payment/receipt';

// 17 Dec 2026, 9:30 in Dubai (05:30 UTC); booked 1 Dec 2026 08:35 UTC (2:05 pm in India).
const BOOKED_AT = Date.UTC(2026, 11, 1, 8, 35) / 1000;
const order = v.parse(orderSchema, {
  id: 'b1',
  listingId: 'l1',
  name: 'Asha',
  carrierName: 'Ravi',
  weight: 4,
  cost: 2000,
  status: 'pending',
  flightDetails: {
    from: 'DXB',
    to: 'BOM',
    departure: '2026-12-17',
    flightNo: 'EK500',
    airline: 'EK',
    time: '09:30',
  },
  createdAt: { _seconds: BOOKED_AT },
  history: [{ status: 'pending', at: BOOKED_AT }],
});
const ZONES: Record<string, string> = { DXB: 'Asia/Dubai', BOM: 'Asia/Kolkata', DEL: 'Asia/Kolkata' };
const names = (deviceZone: string) => ({
  airline: (c: string) => c,
  airport: (c: string) => c,
  timeZoneOf: (c: string) => ZONES[c],
  deviceZone,
});
const value = (rows: readonly (readonly [string, string])[], label: string) =>
  rows.find(([l]) => l === label)?.[1];

describe('receipt times', () => {
  it('names the departure airport’s zone where the reader’s clock differs', () => {
    expect(value(receiptRows(order, names('Asia/Kolkata')), 'Departure')).toBe('17 Dec 2026, 9:30 am GST');
    expect(value(receiptRows(order, names('Asia/Dubai')), 'Departure')).toBe('17 Dec 2026, 9:30 am');
  });

  it('leaves a departure on the reader’s clock unnamed', () => {
    const fromDelhi = { ...order, flightDetails: { ...order.flightDetails, from: 'DEL' } };
    expect(value(receiptRows(fromDelhi, names('Asia/Kolkata')), 'Departure')).toBe('17 Dec 2026, 9:30 am');
    expect(value(receiptRows(fromDelhi, names('Asia/Dubai')), 'Departure')).toBe('17 Dec 2026, 9:30 am IST');
  });

  it('writes its own times in India’s time, named IST for a reader elsewhere', () => {
    expect(value(receiptRows(order, names('Asia/Kolkata')), 'Pending')).toBe('1 Dec 2026, 2:05 pm');
    expect(value(receiptRows(order, names('Europe/London')), 'Pending')).toBe('1 Dec 2026, 2:05 pm IST');
    expect(formatReceiptTime(BOOKED_AT, 'Asia/Calcutta')).toBe('1 Dec 2026, 2:05 pm');
  });

  it('without zones (an unknown airport) shows the time alone', () => {
    expect(value(receiptRows(order), 'Departure')).toBe('17 Dec 2026, 9:30 am');
  });

  it('the mailed text carries the same rows', () => {
    expect(receiptText(order, names('Asia/Kolkata'))).toMatch(/Departure: +17 Dec 2026, 9:30 am GST/);
  });
});
