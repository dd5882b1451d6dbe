// The printed receipt's times: the departure on its airport's clock and the receipt's own times in
// India's, each named by its zone where the reader's clock differs (issue 29, point 6).
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { orderSchema } from '@/domain/booking/schema';
import { formatReceiptTime, type ReceiptLabel, receiptEntries } from '@/domain/payment/receipt';

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
const names = (deviceZone: string, locale?: string) => ({
  airline: (c: string) => c,
  airport: (c: string) => c,
  timeZoneOf: (c: string) => ZONES[c],
  deviceZone,
  ...(locale ? { locale } : {}),
});
const value = (rows: readonly { label: ReceiptLabel; value: string }[], label: ReceiptLabel) =>
  rows.find((r) => r.label === label)?.value;

describe('receipt times', () => {
  it('names the departure airport’s zone where the reader’s clock differs', () => {
    expect(value(receiptEntries(order, names('Asia/Kolkata')), 'departure')).toBe('17 Dec 2026, 9:30 am GST');
    expect(value(receiptEntries(order, names('Asia/Dubai')), 'departure')).toBe('17 Dec 2026, 9:30 am');
  });

  it('leaves a departure on the reader’s clock unnamed', () => {
    const fromDelhi = { ...order, flightDetails: { ...order.flightDetails, from: 'DEL' } };
    expect(value(receiptEntries(fromDelhi, names('Asia/Kolkata')), 'departure')).toBe('17 Dec 2026, 9:30 am');
    expect(value(receiptEntries(fromDelhi, names('Asia/Dubai')), 'departure')).toBe(
      '17 Dec 2026, 9:30 am IST',
    );
  });

  it('writes its own times in India’s time, named IST for a reader elsewhere', () => {
    expect(value(receiptEntries(order, names('Asia/Kolkata')), 'status:pending')).toBe('1 Dec 2026, 2:05 pm');
    expect(value(receiptEntries(order, names('Europe/London')), 'status:pending')).toBe(
      '1 Dec 2026, 2:05 pm IST',
    );
    expect(formatReceiptTime(BOOKED_AT, 'Asia/Calcutta')).toBe('1 Dec 2026, 2:05 pm');
  });

  it('without zones (an unknown airport) shows the time alone', () => {
    expect(value(receiptEntries(order), 'departure')).toBe('17 Dec 2026, 9:30 am');
  });

  it('writes dates, times and zones in the reader’s locale (the Hindi mail: hi-IN)', () => {
    const hindi = receiptEntries(order, names('Asia/Kolkata', 'hi-IN'));
    expect(value(hindi, 'departure')).toBe('17 दिस॰ 2026, 9:30 am GMT+4');
    expect(value(hindi, 'status:pending')).toBe('1 दिस॰ 2026, 2:05 pm');
  });
});
