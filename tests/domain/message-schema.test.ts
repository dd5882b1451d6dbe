// The message schemas shared by the device and the server: text of 1 to 2,000 characters with the
// rules of every multi-line field (line breaks yes; other control characters, bidi overrides and
// invisible-only text no), ids the device made, and when a booking's thread turns read-only.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  messageArgsSchema,
  messageTextSchema,
  readMessagesArgsSchema,
  reportMessageArgsSchema,
  THREAD_OPEN_AFTER_END_MS,
  threadClosesAt,
  threadWritable,
} from '@/domain/message/schema';
import { MSG } from '@/domain/texts';

const text = (input: unknown) => v.safeParse(messageTextSchema, input);
const firstMessage = (input: unknown) => {
  const r = text(input);
  return r.success ? null : r.issues[0]?.message;
};

describe('messageTextSchema', () => {
  it('takes 1 to 2,000 characters after trimming, line breaks and tabs included', () => {
    expect(text('a').output).toBe('a');
    expect(text('x'.repeat(2000)).success).toBe(true);
    expect(text(`  ${'x'.repeat(2000)}  `).success).toBe(true);
    expect(text(' at gate 32\r\n\tby the café 👍 ').output).toBe('at gate 32\r\n\tby the café 👍');
    expect(text('नमस्ते, मैं गेट 32 पर हूँ').success).toBe(true);
  });

  it('refuses empty, blank and invisible-only text with the required message', () => {
    for (const input of ['', '   ', '\n\n', '\u200b\u200d', '\u3164', undefined, 5])
      expect(firstMessage(input), JSON.stringify(input)).toBe(MSG.messageRequired);
  });

  it('refuses text over 2,000 characters', () => {
    expect(firstMessage('x'.repeat(2001))).toBe(MSG.messageTooLong);
  });

  it('refuses control characters but line breaks and tabs, bidi overrides and lone surrogates', () => {
    for (const input of [
      'bell\u0007',
      'nul\u0000x',
      'esc\u001b[31m',
      'c1\u0085',
      'a\u202eb',
      'a\u2066b',
      'x\ud800',
    ])
      expect(firstMessage(input), JSON.stringify(input)).toBe(MSG.textBadCharacters);
  });
});

describe('mutation arguments', () => {
  const id = crypto.randomUUID();
  it('needs a device-made uuid and a booking', () => {
    expect(v.safeParse(messageArgsSchema, { bookingId: 'b1', id, text: 'hi' }).success).toBe(true);
    expect(v.safeParse(messageArgsSchema, { bookingId: 'b1', id: 'not-a-uuid', text: 'hi' }).success).toBe(
      false,
    );
    expect(v.safeParse(messageArgsSchema, { bookingId: '', id, text: 'hi' }).success).toBe(false);
    expect(v.safeParse(readMessagesArgsSchema, { bookingId: 'b1', lastReadId: id }).success).toBe(true);
  });

  it('takes a report with or without a reason (500 characters at most)', () => {
    expect(v.parse(reportMessageArgsSchema, { messageId: id })).toEqual({
      messageId: id,
      category: 'other',
      reason: '',
    });
    expect(v.safeParse(reportMessageArgsSchema, { messageId: id, reason: 'x'.repeat(501) }).success).toBe(
      false,
    );
  });
});

describe('threadWritable', () => {
  const ended = Date.UTC(2026, 0, 1);
  it('is open while the booking is pending or accepted, or its end is not known yet', () => {
    expect(threadClosesAt('pending', null)).toBeNull();
    // Declined on this device, not confirmed yet: it ended just now.
    expect(threadWritable('rejected', null, ended)).toBe(true);
    expect(threadWritable('accepted', null, ended + 365 * 86_400_000)).toBe(true);
  });

  it.each(['completed', 'cancelled', 'rejected', 'expired'])(
    'closes 30 days after a %s booking ended',
    (s) => {
      expect(threadWritable(s, ended, ended + THREAD_OPEN_AFTER_END_MS - 1)).toBe(true);
      expect(threadWritable(s, ended, ended + THREAD_OPEN_AFTER_END_MS)).toBe(false);
    },
  );
});
