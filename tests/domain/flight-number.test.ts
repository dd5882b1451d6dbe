import { describe, expect, it } from 'vitest';
import { airlineOfFlightNo, parseFlightNo } from '@/domain/listing/flight-number';

describe('parseFlightNo', () => {
  it.each([
    ['AI 101', 'AI101', 'AI'],
    ['ai101', 'AI101', 'AI'],
    ['6E-2131', '6E2131', '6E'],
    [' uk 955 ', 'UK955', 'UK'],
    ['9I 821', '9I821', '9I'],
  ])('reads %s as %s of %s', (raw, flightNo, airline) => {
    expect(parseFlightNo(raw)).toEqual({ flightNo, airline });
  });

  it.each(['', 'AI', 'A1', 'Air India', '101'])('finds no flight in %j', (raw) => {
    expect(parseFlightNo(raw)).toBeNull();
    expect(airlineOfFlightNo(raw)).toBe('');
  });
});
