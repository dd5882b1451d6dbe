import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  bookingFormSchema,
  bookingIdOf,
  bookingRequestSchema,
  statusUpdateSchema,
} from '@/domain/booking/schema';
import { contactSchema } from '@/domain/contact/schema';
import { categoryOf } from '@/domain/courier/categories';
import {
  COURIER_TEXT,
  checkItemImage,
  courierFormSchema,
  courierFormSchemaAt,
  courierRequestSchema,
} from '@/domain/courier/schema';
import { messagesOf } from '../support/issues';

describe('contactSchema', () => {
  const ok = {
    name: 'Asha Rao',
    email: 'asha@example.com',
    phone: '9876543210',
    message: 'Where is my bag?',
  };

  it('accepts a complete message', () => {
    expect(v.safeParse(contactSchema, ok).success).toBe(true);
  });

  it.each([
    ['name', '', 'Full name is required'],
    ['name', 'Asha 2', 'Name must not contain numbers or special characters'],
    ['name', 'Asha!', 'Name must not contain numbers or special characters'],
    ['email', '', 'Email is required'],
    ['email', 'asha@', 'Invalid email'],
    ['phone', '', 'Phone is required'],
    ['message', '', 'Please enter your query'],
    ['message', '   ', 'Please enter your query'],
  ])('%s = %j gives %j', (field, value, message) => {
    expect(messagesOf(contactSchema, { ...ok, [field]: value })[field]?.[0]).toBe(message);
  });
});

describe('courierFormSchema', () => {
  const ok = {
    fullName: 'Asha Rao',
    emailAddress: 'asha@example.com',
    mobileNumber: '9876543210',
    from: 'DEL',
    to: 'DXB',
    firstDay: '2030-01-10',
    lastDay: '2030-01-20',
    weight: '2',
    declaredValue: '1500',
    recipientName: 'Ravi Kumar',
    recipientPhone: '9123456780',
    itemCategory: 'books',
    paymentMode: 'UPI',
    declarations: { noIllegalItems: true, termsAgreed: true, selfResponsibility: true },
  };

  it('takes a complete request', () => {
    expect(v.safeParse(courierFormSchema, ok).success).toBe(true);
  });

  it('names every missing field of the empty form at once', () => {
    const messages = messagesOf(courierFormSchema, {});
    // Each field's first message is the one shown under it.
    const first = Object.fromEntries(Object.entries(messages).map(([k, m]) => [k, m[0]]));
    expect(first).toEqual({
      fullName: 'Full name is required',
      emailAddress: 'Email is required',
      mobileNumber: 'Mobile number is required',
      from: 'From is required',
      to: 'To is required',
      firstDay: 'Earliest date is required',
      lastDay: 'Latest date is required',
      weight: 'Weight is required',
      declaredValue: 'Declared value is required',
      recipientName: 'Recipient name is required',
      recipientPhone: 'Phone number is required',
      itemCategory: 'Item Category is required',
      paymentMode: 'Payment Mode is required',
      declarations: COURIER_TEXT.noIllegalItems,
    });
    expect(messages.declarations).toEqual([
      COURIER_TEXT.noIllegalItems,
      COURIER_TEXT.termsAgreed,
      COURIER_TEXT.selfResponsibility,
    ]);
  });

  it.each([
    ['fullName', 'Full name is required'],
    ['emailAddress', 'Email is required'],
    ['mobileNumber', 'Mobile number is required'],
  ])('requires %s', (field, message) => {
    expect(messagesOf(courierFormSchema, { ...ok, [field]: '' })[field]?.[0]).toBe(message);
  });

  it('refuses a category airlines forbid with its rule, and an unknown one', () => {
    expect(messagesOf(courierFormSchema, { ...ok, itemCategory: 'flammables' }).itemCategory).toEqual([
      categoryOf('flammables')?.forbiddenBy,
    ]);
    expect(messagesOf(courierFormSchema, { ...ok, itemCategory: 'gold' }).itemCategory).toEqual([
      COURIER_TEXT.categoryUnknown,
    ]);
  });

  it.each([
    [{ to: 'DEL' }, 'to', 'Destination must be different from origin.'],
    [{ lastDay: '2030-01-09' }, 'lastDay', COURIER_TEXT.windowOrder],
    [{ lastDay: '2030-03-01' }, 'lastDay', COURIER_TEXT.windowTooLong],
    [{ weight: '0' }, 'weight', COURIER_TEXT.weightMin],
    [{ declaredValue: '-1' }, 'declaredValue', COURIER_TEXT.valueMin],
    [{ recipientPhone: '123' }, 'recipientPhone', 'Phone number must be 10 digits'],
    [{ paymentMode: 'Card' }, 'paymentMode', 'Payment Mode is required'],
    [{ governmentIdNumber: '1234 5678 9012' }, 'governmentIdType', COURIER_TEXT.idTypeRequired],
    [
      { governmentIdType: 'Aadhaar Card', governmentIdNumber: '12' },
      'governmentIdNumber',
      COURIER_TEXT.idNumberFormat,
    ],
  ])('%j: %s says %j', (change, field, message) => {
    expect(messagesOf(courierFormSchema, { ...ok, ...change })[field]).toEqual([message]);
  });

  it("refuses a first day before today by the checker's clock", () => {
    expect(messagesOf(courierFormSchemaAt('2030-01-11'), ok).firstDay).toEqual([COURIER_TEXT.windowPast]);
    expect(v.safeParse(courierFormSchemaAt('2030-01-10'), ok).success).toBe(true);
  });

  it('on the wire, requires the uploaded image url, takes the category as a list and fills the hidden fields', () => {
    expect(messagesOf(courierRequestSchema, ok).itemImageUrl).toEqual(['Please upload an item image.']);
    const out = v.parse(courierRequestSchema, { ...ok, itemImageUrl: '/api/files/courier-images/x.png' });
    expect(out.itemCategory).toEqual(['books']);
    expect(out.weight).toBe(2);
    expect(out.paymentAcknowledged).toBe(false);
    expect(out.emergencyContact).toBe('');
  });
});

describe('checkItemImage', () => {
  it.each([
    [null, 'Please upload an item image.'],
    [{ type: 'application/pdf', size: 10 }, 'Only image files can be uploaded.'],
    [{ type: 'image/png', size: 5 * 1024 * 1024 + 1 }, 'The image must be 5 MB or smaller.'],
    [{ type: 'image/jpeg', size: 5 * 1024 * 1024 }, null],
  ])('%j -> %j', (file, message) => {
    expect(checkItemImage(file)).toBe(message);
  });
});

describe('bookingFormSchema', () => {
  it.each([
    ['0', 'Weight must be at least 1 KG'],
    ['6', 'That is more than the space left on this flight'],
    ['', 'Weight is required'],
  ])('weight %j with 5 KG left gives %j', (weight, message) => {
    expect(messagesOf(bookingFormSchema(5), { weight }).weight?.[0]).toBe(message);
  });

  it.each(['1', '5'])('accepts %s KG with 5 KG left', (weight) => {
    expect(v.safeParse(bookingFormSchema(5), { weight }).success).toBe(true);
  });
});

describe('bookingRequestSchema and statusUpdateSchema', () => {
  const body = { name: 'Asha', email: 'a@x.in', phone: '9876543210', weight: 2, listingId: 'l1' };

  it('accepts a booking without the carrier fields the server fills itself', () => {
    expect(v.safeParse(bookingRequestSchema, body).success).toBe(true);
  });

  it('refuses a booking of 0 KG', () => {
    expect(messagesOf(bookingRequestSchema, { ...body, weight: 0 }).weight).toEqual([
      'Weight must be at least 1 KG',
    ]);
  });

  it('accepts only known statuses', () => {
    expect(v.safeParse(statusUpdateSchema, { listingId: 'b1', status: 'accepted' }).success).toBe(true);
    expect(v.safeParse(statusUpdateSchema, { listingId: 'b1', status: 'shipped' }).success).toBe(false);
  });

  it.each([
    ['abc_carrier', 'abc'],
    ['abc_passenger', 'abc'],
    ['abc', 'abc'],
  ])('bookingIdOf(%s) = %s', (id, out) => {
    expect(bookingIdOf(id)).toBe(out);
  });
});
