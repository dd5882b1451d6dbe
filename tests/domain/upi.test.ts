import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  maskVpa,
  UPI_MAX_AMOUNT,
  upiCanPay,
  upiIdInputSchema,
  upiPayLink,
  upiReferenceOf,
  vpaSchema,
} from '@/domain/payment/upi';

const ID = '3f2b9c1e-8d4a-4f7b-9a2e-1c5d6e7f8a9b';
const base = { vpa: 'asha@okaxis', name: 'Asha', amount: 2000, bookingId: ID, flightNo: 'AI101' };

/** The link's parameters as a UPI app reads them (percent-decoding, UTF-8). */
function paramsOf(link: string): Record<string, string> {
  expect(link.startsWith('upi://pay?')).toBe(true);
  return Object.fromEntries(
    link
      .slice('upi://pay?'.length)
      .split('&')
      .map((p) => {
        const [k, value] = p.split('=') as [string, string];
        return [k, decodeURIComponent(value)];
      }),
  );
}

describe('upiPayLink', () => {
  it('carries pa, pn, tr, tn, am with two decimals and cu=INR, in that order', () => {
    expect(upiPayLink(base)).toBe(
      `upi://pay?pa=asha@okaxis&pn=Asha&tr=CRY3F2B9C1E8D4A4F7B9A2E1C5D6E7F8A9B&tn=Carry%20booking%203F2B9C1E%20AI101&am=2000.00&cu=INR`,
    );
  });

  it.each(['asha.rao@okhdfcbank', 'asha-rao@ybl', 'asha_rao.99@paytm', 'a.b-c_d@upi', '9876543210@ybl'])(
    'keeps the payee address %s as written (dots, hyphens, underscores, @)',
    (vpa) => {
      const link = upiPayLink({ ...base, vpa });
      expect(link).toContain(`pa=${vpa}&`);
      expect(paramsOf(link).pa).toBe(vpa);
    },
  );

  it.each([
    ['Asha Rao', 'Asha%20Rao'],
    ['Aśha Rāo', 'A%C5%9Bha%20R%C4%81o'],
    ['आशा राव', '%E0%A4%86%E0%A4%B6%E0%A4%BE%20%E0%A4%B0%E0%A4%BE%E0%A4%B5'],
    ["D'Souza & Sons", 'D%27Souza%20%26%20Sons'],
    ['Rao+Co=1?', 'Rao%2BCo%3D1%3F'],
  ])('percent-encodes the name %s as UTF-8, spaces as %%20', (name, encoded) => {
    const link = upiPayLink({ ...base, name });
    expect(link).toContain(`pn=${encoded}&`);
    expect(paramsOf(link).pn).toBe(name);
    // Nothing but the URI's own characters: no raw space or non-ASCII letter.
    expect(link).toMatch(/^[\x21-\x7e]+$/);
  });

  it.each([
    [1, '1.00'],
    [1.5, '1.50'],
    [999.99, '999.99'],
    [2000, '2000.00'],
    [12345.678, '12345.68'],
    [100000, '100000.00'],
  ])('writes the amount %d as am=%s (two decimals, no grouping)', (amount, am) => {
    expect(paramsOf(upiPayLink({ ...base, amount })).am).toBe(am);
  });

  it('gives every booking its own transaction reference, 35 letters and digits at most', () => {
    const a = upiReferenceOf(ID);
    const b = upiReferenceOf('9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d');
    expect(a).not.toBe(b);
    for (const ref of [a, b]) expect(ref).toMatch(/^[A-Z0-9]{1,35}$/);
    expect(paramsOf(upiPayLink(base)).tr).toBe(a);
  });
});

describe('vpaSchema', () => {
  it.each(['asha@okaxis', 'Asha.Rao@OKHDFCBANK', ' asha-rao@ybl ', 'a1@upi'])('accepts %s', (vpa) => {
    expect(v.safeParse(vpaSchema, vpa).success).toBe(true);
  });

  it.each(['asha', 'asha@', '@okaxis', 'as ha@okaxis', 'asha@@okaxis', 'a@okaxis', 'asha@1bank', 'आशा@upi'])(
    'refuses %s with the UPI ID message',
    (vpa) => {
      const r = v.safeParse(vpaSchema, vpa);
      expect(r.success).toBe(false);
      expect(r.issues?.[0]?.message).toMatch(/UPI ID like name@bank/);
    },
  );

  it('takes an empty profile UPI ID as "none" and normalises a given one', () => {
    expect(v.parse(upiIdInputSchema, '  ')).toBe('');
    expect(v.parse(upiIdInputSchema, ' Asha@OkAxis ')).toBe('asha@okaxis');
    expect(v.safeParse(upiIdInputSchema, 'asha').success).toBe(false);
  });
});

describe('maskVpa', () => {
  it('shows the first two letters and the bank handle only', () => {
    expect(maskVpa('asha.rao@okaxis')).toBe('as••••••@okaxis');
    expect(maskVpa('ab@ybl')).toBe('ab•••@ybl');
  });
});

describe('upiCanPay', () => {
  it('takes 1 to 1,00,000 rupees in one UPI payment, not nothing and not more', () => {
    expect(UPI_MAX_AMOUNT).toBe(1_00_000);
    expect([1, 2000, 1_00_000].map(upiCanPay)).toEqual([true, true, true]);
    expect([0, -5, 1_00_000.01, 2_00_000, Number.NaN].map(upiCanPay)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
