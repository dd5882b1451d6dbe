// The hand-off code's check digit: every single mistyped digit and every swap of neighbours is
// caught on the device, and the check says nothing about which code a booking has.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  checkHandoffCode,
  codeFromQrText,
  dammCheckDigit,
  formatHandoffCode,
  handoffCodeFrom,
  handoffQrText,
} from '@/domain/handoff/code';
import { completeArgsSchema, handoffCodeFieldSchema } from '@/domain/handoff/schema';

const SAMPLES = ['00000', '12345', '57286', '99999', '40817', '31415'].map(handoffCodeFrom);

describe('dammCheckDigit', () => {
  it.each([
    ['572', '4'],
    ['5724', '0'],
    ['112946', '0'],
  ])('of %s is %s (published examples)', (digits, check) => {
    expect(dammCheckDigit(digits)).toBe(check);
  });
});

describe('checkHandoffCode', () => {
  it.each(SAMPLES)('accepts %s', (code) => {
    expect(checkHandoffCode(code)).toBe('ok');
  });

  it('catches every single-digit typo of every sample', () => {
    for (const code of SAMPLES) {
      for (let i = 0; i < 6; i += 1) {
        for (let d = 0; d < 10; d += 1) {
          if (String(d) === code[i]) continue;
          const typo = `${code.slice(0, i)}${d}${code.slice(i + 1)}`;
          expect(checkHandoffCode(typo)).toBe('typo');
        }
      }
    }
  });

  it('catches every swap of two different neighbouring digits', () => {
    for (const code of SAMPLES) {
      for (let i = 0; i < 5; i += 1) {
        if (code[i] === code[i + 1]) continue;
        const swapped = `${code.slice(0, i)}${code[i + 1]}${code[i]}${code.slice(i + 2)}`;
        expect(checkHandoffCode(swapped)).toBe('typo');
      }
    }
  });

  it('passes exactly one code in ten: the device learns nothing that narrows a booking’s code', () => {
    let passing = 0;
    for (let n = 0; n < 1_000_000; n += 1) {
      if (checkHandoffCode(String(n).padStart(6, '0')) === 'ok') passing += 1;
    }
    expect(passing).toBe(100_000);
    // A million checks: under a second on a quiet machine, past the default 5 s beside e2e files
    // on a loaded one.
  }, 30_000);

  it.each([
    ['', 'empty'],
    ['  ', 'empty'],
    ['12345', 'format'],
    ['1234567', 'format'],
    ['12a456', 'format'],
  ])('%j is %s', (raw, verdict) => {
    expect(checkHandoffCode(raw)).toBe(verdict);
  });

  it('ignores spaces and dashes', () => {
    const code = SAMPLES[1] as string;
    expect(checkHandoffCode(` ${code.slice(0, 3)}-${code.slice(3)} `)).toBe('ok');
  });
});

describe('handoff QR text', () => {
  it('round-trips a code and refuses other QR codes', () => {
    const code = SAMPLES[2] as string;
    expect(codeFromQrText(handoffQrText(code))).toBe(code);
    expect(codeFromQrText('https://example.com')).toBeNull();
    expect(codeFromQrText('CARRY-HANDOFF:12345')).toBeNull();
  });

  it('formats a code in two groups of three', () => {
    expect(formatHandoffCode('123456')).toBe('123 456');
  });
});

describe('handoffCodeFieldSchema', () => {
  it.each([
    ['', 'Hand-off code is required'],
    ['1234', 'The hand-off code is 6 digits'],
    ['123456', 'That code has a typo. Check it with the traveller'],
  ])('gives %j the message %j', (raw, message) => {
    const result = v.safeParse(handoffCodeFieldSchema, raw);
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe(message);
  });
});

describe('completeArgsSchema', () => {
  it('requires a six-digit code and takes it with a space', () => {
    const base = { listingId: 'b1', status: 'completed' };
    expect(v.safeParse(completeArgsSchema, base).issues?.[0]?.message).toBe('Hand-off code is required');
    expect(v.safeParse(completeArgsSchema, { ...base, handoffCode: '12 34' }).issues?.[0]?.message).toBe(
      'The hand-off code is 6 digits',
    );
    expect(v.parse(completeArgsSchema, { ...base, handoffCode: '123 456' }).handoffCode).toBe('123456');
  });
});
