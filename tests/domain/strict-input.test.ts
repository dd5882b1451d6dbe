// Strict input in the shared field schemas: numbers as JSON numbers or plain decimals, no control
// characters, no bidi overrides, no text made only of invisible characters.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { numberInput, optionalText, requiredText } from '@/domain/common';
import { MSG } from '@/domain/texts';

const number = v.object({ n: numberInput('N is required') });
const required = v.object({ t: requiredText('T is required') });
const lines = v.object({ t: requiredText('T is required', 2000, { lines: true }) });
const optional = v.object({ t: optionalText() });

const firstMessage = (schema: v.GenericSchema, input: unknown) => {
  const r = v.safeParse(schema, input);
  return r.success ? null : r.issues[0].message;
};

describe('numberInput', () => {
  it.each([
    [7, 7],
    ['7', 7],
    ['12.5', 12.5],
    ['-3', -3],
    [0, 0],
  ])('accepts %j as %j', (input, out) => {
    expect(v.parse(number, { n: input })).toEqual({ n: out });
  });

  it.each(['0x10', '1e1', ' 7 ', '7 ', '+7', '1_000', 'Infinity', '.5', '5.', '٣'])('refuses %j', (input) => {
    expect(firstMessage(number, { n: input })).toBe(MSG.plainNumber);
  });

  it('reports a blank or missing value as required', () => {
    expect(firstMessage(number, { n: '' })).toBe('N is required');
    expect(firstMessage(number, {})).toBe('N is required');
    expect(firstMessage(number, { n: true })).toBe('N is required');
  });
});

describe('requiredText and optionalText', () => {
  it.each(['Asha\nRao', 'Asha\rRao', 'Asha\tRao', 'A\u0007B', 'A\u0085B', 'Asha\u202eoaR', 'Asha\u2066Rao'])(
    'refuses %j in a one-line field',
    (input) => {
      expect(firstMessage(required, { t: input })).toBe(MSG.textBadCharacters);
    },
  );

  it('keeps line breaks and tabs in multi-line text, but not other controls', () => {
    expect(v.parse(lines, { t: 'line one\r\nline two\tend' }).t).toBe('line one\r\nline two\tend');
    expect(firstMessage(lines, { t: 'a\u0000b' })).toBe(MSG.textBadCharacters);
    expect(firstMessage(lines, { t: 'a\u202db' })).toBe(MSG.textBadCharacters);
  });

  it.each(['\u200b', '\u200b\u200c\u200d', ' \ufeff ', '\u2060', '\u3164', '\u00ad'])(
    'treats invisible-only %j as missing',
    (input) => {
      expect(firstMessage(required, { t: input })).toBe('T is required');
      expect(v.parse(optional, { t: input })).toEqual({ t: '' });
    },
  );

  it('keeps ordinary text in any script, with its zero-width joiners', () => {
    for (const text of ['Asha Rao', 'आशा राव', 'محمد', '👩‍👩‍👧', 'Zoë']) {
      expect(v.parse(required, { t: text }).t).toBe(text);
    }
  });
});
