// Every validation and state message of SPEC.md sections 5 and 8 that the domain owns is written
// once in src/domain, and texts.ts is where it lives.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillOutMessage, MSG } from '@/domain/texts';

const SPEC_SECTION_5 = [
  'Name is required',
  'Phone number is required',
  'Phone number must be 10 digits',
  'Age is required',
  'Invalid age',
  'Gender is required',
  'Invalid email address',
  'Email is required',
  'Password is required',
  'Password must be 8+ chars, include uppercase, lowercase, number & special char',
  'Please confirm your password',
  'Passwords must match',
  'Invalid email',
  'Required',
  'User information is missing. Please login again.',
  'Full name is required',
  'Name must not contain numbers or special characters',
  'Phone is required',
  'Please enter your query',
  'Departure date and time must be in the future.',
  'Please upload an item image.',
];

function domainSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? domainSources(path) : [readFileSync(path, 'utf8')];
  });
}

const sources = domainSources(join(process.cwd(), 'src/domain')).join('\n');

describe('MSG', () => {
  it.each(SPEC_SECTION_5)('holds %j', (message) => {
    expect(Object.values(MSG)).toContain(message);
  });

  it.each(SPEC_SECTION_5)('%j is written exactly once in src/domain', (message) => {
    expect(sources.split(`'${message}'`).length - 1).toBe(1);
  });

  it('has no message twice', () => {
    const values = Object.values(MSG);
    expect(new Set(values).size).toBe(values.length);
  });

  it('builds the search message from the field label', () => {
    expect(fillOutMessage('Flight Number')).toBe('Please fill out the "Flight Number" field.');
  });
});
