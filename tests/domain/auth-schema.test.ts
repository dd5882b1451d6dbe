import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { newPasswordSchema, resetPasswordSchema } from '@/domain/auth/password-reset';
import { loginSchema, signupSchema, signupStep1Schema, signupStep2Schema } from '@/domain/auth/schema';
import { messagesOf as messages } from '../support/issues';

const step1 = { name: 'Asha Rao', phone: '9876543210', age: '30', gender: 'female' };
const step2 = { email: 'asha@example.com', password: 'Secret@123', confirmPassword: 'Secret@123' };

describe('signupStep1Schema', () => {
  it('accepts a complete step 1 and turns age into a number', () => {
    const r = v.safeParse(signupStep1Schema, step1);
    expect(r.success).toBe(true);
    expect(r.output).toMatchObject({ age: 30 });
  });

  it.each([
    ['name', '', 'Name is required'],
    ['name', '   ', 'Name is required'],
    ['phone', '', 'Phone number is required'],
    ['phone', '987654321', 'Phone number must be 10 digits'],
    ['phone', '98765432101', 'Phone number must be 10 digits'],
    ['phone', '98765abcde', 'Phone number must be 10 digits'],
    ['age', '', 'Age is required'],
    ['age', '0', 'Invalid age'],
    ['age', '121', 'Invalid age'],
    ['age', '2.5', 'Invalid age'],
    ['age', 'abc', 'Invalid age'],
    ['gender', '', 'Gender is required'],
    ['gender', 'robot', 'Gender is required'],
  ])('%s = %j gives %j', (field, value, message) => {
    expect(messages(signupStep1Schema, { ...step1, [field]: value })[field]?.[0]).toBe(message);
  });

  it.each([
    ['phone', '9876543210'],
    ['age', '1'],
    ['age', '120'],
    ['age', 45],
  ])('%s = %j is valid', (field, value) => {
    expect(messages(signupStep1Schema, { ...step1, [field]: value })[field]).toBeUndefined();
  });
});

describe('signupStep2Schema', () => {
  it.each([
    ['email', '', 'Email is required'],
    ['email', 'not-an-email', 'Invalid email address'],
    ['password', '', 'Password is required'],
    ['confirmPassword', '', 'Please confirm your password'],
  ])('%s = %j gives %j', (field, value, message) => {
    expect(messages(signupStep2Schema, { ...step2, [field]: value })[field]?.[0]).toBe(message);
  });

  const rule = 'Password must be 8+ chars, include uppercase, lowercase, number & special char';
  it.each([
    ['Sec@12a', rule], // 7 characters
    ['secret@123', rule], // no uppercase
    ['SECRET@123', rule], // no lowercase
    ['Secret@abc', rule], // no digit
    ['Secret1234', rule], // no special character
    ['Secret@12#', rule], // '#' is outside the allowed set
  ])('password %j is refused', (password, message) => {
    const r = messages(signupStep2Schema, { ...step2, password, confirmPassword: password });
    expect(r.password?.[0]).toBe(message);
  });

  it.each(['Secret@1', 'aB3$aB3$aB3$', 'Zz9!zzzz'])('password %j is accepted', (password) => {
    expect(v.safeParse(signupStep2Schema, { ...step2, password, confirmPassword: password }).success).toBe(
      true,
    );
  });

  it('says the passwords must match, on the confirm field', () => {
    expect(messages(signupStep2Schema, { ...step2, confirmPassword: 'Secret@124' }).confirmPassword).toEqual([
      'Passwords must match',
    ]);
  });

  it('lower-cases and trims the email', () => {
    expect(v.parse(signupStep2Schema, { ...step2, email: '  Asha@Example.COM ' }).email).toBe(
      'asha@example.com',
    );
  });
});

describe('signupSchema', () => {
  it('accepts both steps together as the request body', () => {
    expect(v.safeParse(signupSchema, { ...step1, ...step2, age: 30 }).success).toBe(true);
  });

  it('refuses mismatched passwords on the server too', () => {
    expect(v.safeParse(signupSchema, { ...step1, ...step2, confirmPassword: 'x' }).success).toBe(false);
  });
});

describe('loginSchema', () => {
  it.each([
    ['email', '', 'Required'],
    ['email', 'nope', 'Invalid email'],
    ['password', '', 'Required'],
  ])('%s = %j gives %j', (field, value, message) => {
    expect(messages(loginSchema, { email: 'a@b.co', password: 'x', [field]: value })[field]?.[0]).toBe(
      message,
    );
  });
});

describe('passwords match (one rule for every schema with the pair)', () => {
  const step1 = { name: 'Asha Rao', phone: '9876543210', age: 30, gender: 'female' };
  const token = 'a'.repeat(43);
  const schemas = [
    ['signup', signupSchema, { ...step1, ...step2 }],
    ['signup step 2', signupStep2Schema, step2],
    ['reset form', newPasswordSchema, { password: step2.password, confirmPassword: step2.password }],
    [
      'reset request',
      resetPasswordSchema,
      { token, password: step2.password, confirmPassword: step2.password },
    ],
  ] as const;

  it.each(schemas)(
    '%s: refuses a different confirmation on the confirm field, keeps every field when equal',
    (_name, schema, good) => {
      expect(messages(schema, { ...good, confirmPassword: 'Secret@124' })).toEqual({
        confirmPassword: ['Passwords must match'],
      });
      const parsed = v.safeParse(schema, good);
      expect(parsed.success).toBe(true);
      expect(parsed.output).toMatchObject(good);
    },
  );
});
