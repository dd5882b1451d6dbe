import { describe, expect, it } from 'vitest';
import { type Choice, rankChoices } from '@/domain/reference/match';

const CHOICES: Choice[] = [
  {
    value: 'BOM',
    label: 'Chhatrapati Shivaji Maharaj International Airport (BOM)',
    keywords: 'Mumbai India',
  },
  { value: 'IDR', label: 'Devi Ahilyabai Holkar Airport (IDR)', keywords: 'Indore India' },
  { value: 'DEL', label: 'Indira Gandhi International Airport (DEL)', keywords: 'Delhi India' },
  { value: 'DXB', label: 'Dubai International Airport (DXB)', keywords: 'Dubai United Arab Emirates' },
];
const codes = (q: string, recent: string[] = []) => rankChoices(CHOICES, q, recent).map((c) => c.value);

describe('rankChoices', () => {
  it.each([
    ['del', 'DEL'],
    ['DEL', 'DEL'],
    ['Delhi', 'DEL'],
    ['Indira', 'DEL'],
    ['indira gandhi', 'DEL'],
    ['mumbai', 'BOM'],
    ['Emirates', 'DXB'],
  ])('puts the airport the traveller means first for %s', (q, code) => {
    expect(codes(q)[0]).toBe(code);
  });

  it('ranks a code before a name word', () => {
    expect(codes('de')).toEqual(['DEL', 'IDR']);
  });

  it('drops what does not match', () => {
    expect(codes('zzz')).toEqual([]);
  });

  it('lists everything for a blank query, recent choices first in their order', () => {
    expect(codes('  ', ['DXB', 'DEL'])).toEqual(['DXB', 'DEL', 'BOM', 'IDR']);
  });

  it('puts a recent choice first within the same rank only', () => {
    expect(codes('india', ['DEL'])).toEqual(['DEL', 'BOM', 'IDR']);
    expect(codes('de', ['IDR'])).toEqual(['DEL', 'IDR']);
  });
});
