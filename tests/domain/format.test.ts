import { describe, expect, it } from 'vitest';
import {
  formatDayMonth,
  formatFullDate,
  formatPrice,
  formatPriceSum,
  formatRelative,
  formatTime,
  formatWeekdayDayMonth,
  formatWeight,
  initial,
  zoneNote,
} from '@/domain/format';
import { formatDepartureTime } from '@/domain/listing/departure';

describe('formatPrice', () => {
  it.each([
    [0, '₹0'],
    [999, '₹999'],
    [1000, '₹1,000'],
    [123456, '₹1,23,456'],
    [9999999, '₹99,99,999'],
    [100000, '₹1,00,000'],
    [1999.5, '₹1,999.50'],
    [0.25, '₹0.25'],
  ])('%d -> %s', (n, s) => {
    expect(formatPrice(n)).toBe(s);
  });

  it('shows how a total is made: price per KG times KG', () => {
    expect(formatPriceSum(500, 4, 2000)).toBe('₹500 per KG × 4 KG = ₹2,000');
    expect(formatPriceSum(1250, 2.5, 3125)).toBe('₹1,250 per KG × 2.5 KG = ₹3,125');
  });

  it('says a price the device does not know is unknown, not ₹0 or ₹NaN', () => {
    expect(formatPrice(Number.NaN)).toBe('Price unknown');
  });
});

describe('formatWeight', () => {
  it.each([
    [1, '1 KG'],
    [7.5, '7.5 KG'],
    [12, '12 KG'],
  ])('%d -> %s', (n, s) => {
    expect(formatWeight(n)).toBe(s);
  });
});

describe('formatDayMonth', () => {
  it.each([
    ['2026-11-21', '21 Nov'],
    ['2027-01-05', '5 Jan'],
  ])('%s -> %s', (d, s) => {
    expect(formatDayMonth(d)).toBe(s);
  });

  it('adds the year in the long form', () => {
    expect(formatFullDate('2026-11-21')).toBe('21 Nov 2026');
  });
});

describe('formatTime', () => {
  it.each([
    ['00:30', '12:30 am'],
    ['09:05', '9:05 am'],
    ['12:00', '12:00 pm'],
    ['14:05', '2:05 pm'],
    ['23:59', '11:59 pm'],
  ])('%s -> %s in en-IN, the default', (t, s) => {
    expect(formatTime(t)).toBe(s);
  });

  it('writes the time as the locale does', () => {
    expect(formatTime('14:05', 'en-US')).toBe('2:05 PM');
    expect(formatTime('14:05', 'en-GB')).toBe('14:05');
  });
});

describe('formatWeekdayDayMonth', () => {
  it('names the weekday', () => {
    expect(formatWeekdayDayMonth('2026-11-28')).toBe('Sat, 28 Nov');
  });
});

describe('zoneNote', () => {
  const at = Date.UTC(2026, 10, 28, 6);
  it("names an airport's zone only where its clock differs from the device's", () => {
    expect(zoneNote('Asia/Kolkata', 'Asia/Kolkata', at)).toBe('');
    expect(zoneNote('Asia/Calcutta', 'Asia/Kolkata', at)).toBe('');
    expect(zoneNote('Asia/Dubai', 'Asia/Kolkata', at)).toBe('GST');
    expect(zoneNote(undefined, 'Asia/Kolkata', at)).toBe('');
  });
});

describe('formatDepartureTime', () => {
  it("shows the airport's own clock, named by its zone where the device's differs", () => {
    expect(formatDepartureTime('2026-11-28', '09:30', 'Asia/Dubai', 'Asia/Kolkata')).toBe('9:30 am GST');
    expect(formatDepartureTime('2026-11-28', '09:30', 'Asia/Kolkata', 'Asia/Kolkata')).toBe('9:30 am');
    expect(formatDepartureTime('2026-11-28', '14:05', 'Asia/Kolkata', 'Europe/London')).toBe('2:05 pm IST');
    expect(formatDepartureTime('2026-11-28', '14:05', 'Asia/Kolkata', 'Europe/London', 'en-GB')).toBe(
      '14:05 GMT+5:30',
    );
  });

  it('names the zone by the date: London is GMT in winter, BST in summer', () => {
    expect(formatDepartureTime('2026-07-01', '10:00', 'Europe/London', 'Asia/Kolkata')).toMatch(
      /^10:00 am (BST|GMT\+1)$/,
    );
    expect(formatDepartureTime('2026-12-01', '10:00', 'Europe/London', 'Asia/Kolkata')).toBe('10:00 am GMT');
  });

  it('shows the time alone when the zone is unknown or the date is not one', () => {
    expect(formatDepartureTime('2026-11-28', '09:30', undefined, 'Asia/Kolkata')).toBe('9:30 am');
    expect(formatDepartureTime('', '09:30', 'Asia/Dubai', 'Asia/Kolkata')).toBe('9:30 am');
  });
});

describe('initial', () => {
  it.each([
    ['asha', 'A'],
    ['  ravi', 'R'],
    ['', '?'],
    [null, '?'],
  ])('%j -> %s', (name, s) => {
    expect(initial(name)).toBe(s);
  });
});

describe('formats by language (en-IN, hi-IN)', () => {
  it('groups rupees the Indian way in both', () => {
    expect(formatPrice(100000, 'hi-IN')).toBe('₹1,00,000');
    expect(formatPrice(1999.5, 'hi-IN')).toBe('₹1,999.50');
    expect(formatPrice(100000, 'en-IN')).toBe('₹1,00,000');
  });

  it('says how long ago in the language', () => {
    const now = Date.UTC(2026, 10, 27, 12);
    expect(formatRelative(now - 2 * 3_600_000, now, 'hi-IN')).toBe('2 घंटे पहले');
    expect(formatRelative(now - 2 * 3_600_000, now, 'en-IN')).toBe('2 hours ago');
    expect(formatRelative(now + 3 * 86_400_000, now, 'en-IN')).toBe('in 3 days');
    expect(formatRelative(now - 5_000, now, 'en-IN')).toBe('now');
  });

  it('names the month in the language', () => {
    expect(formatDayMonth('2026-11-21', 'hi-IN')).toBe('21 नव॰');
    expect(formatDayMonth('2026-11-21', 'en-IN')).toBe('21 Nov');
  });
});
