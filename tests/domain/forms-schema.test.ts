import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  bookingFormSchema,
  bookingIdOf,
  bookingRequestSchema,
  statusUpdateSchema,
} from '@/domain/booking/schema';
import { contactSchema } from '@/domain/contact/schema';
import { checkItemImage, courierFormSchema, courierRequestSchema } from '@/domain/courier/schema';
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
  const ok = { fullName: 'Asha Rao', emailAddress: 'asha@example.com', mobileNumber: '9876543210' };

  it('needs only the three contact fields', () => {
    expect(v.safeParse(courierFormSchema, ok).success).toBe(true);
  });

  it.each([
    ['fullName', 'Full name is required'],
    ['emailAddress', 'Email is required'],
    ['mobileNumber', 'Mobile number is required'],
  ])('requires %s', (field, message) => {
    expect(messagesOf(courierFormSchema, { ...ok, [field]: '' })[field]?.[0]).toBe(message);
  });

  it('takes UPI, Cash or nothing as the payment mode', () => {
    expect(v.safeParse(courierFormSchema, { ...ok, paymentMode: 'UPI' }).success).toBe(true);
    expect(v.safeParse(courierFormSchema, { ...ok, paymentMode: '' }).success).toBe(true);
    expect(messagesOf(courierFormSchema, { ...ok, paymentMode: 'Card' }).paymentMode).toEqual([
      'Payment mode must be UPI or Cash',
    ]);
  });

  it('on the wire, requires the uploaded image url and fills the hidden fields', () => {
    expect(messagesOf(courierRequestSchema, ok).itemImageUrl).toEqual(['Please upload an item image.']);
    const out = v.parse(courierRequestSchema, { ...ok, itemImageUrl: '/api/files/courier-images/x.png' });
    expect(out.declarations).toEqual({
      noIllegalItems: false,
      termsAgreed: false,
      selfResponsibility: false,
    });
    expect(out.paymentAcknowledged).toBe(false);
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
