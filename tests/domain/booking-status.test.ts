import { describe, expect, it } from 'vitest';
import {
  actionFor,
  availableActions,
  BOOKING_ACTIONS,
  BOOKING_STATUSES,
  type BookingAction,
  type BookingStatus,
  bookingExpiry,
  profileBucket,
  transition,
} from '@/domain/booking/status';

const LEGAL: Array<[BookingStatus, BookingAction, BookingStatus]> = [
  ['pending', 'accept', 'accepted'],
  ['pending', 'decline', 'rejected'],
  ['accepted', 'cancel', 'cancelled'],
  ['accepted', 'complete', 'completed'],
];

describe('transition', () => {
  it.each(LEGAL)('%s + %s -> %s', (from, action, to) => {
    expect(transition(from, action)).toEqual({ ok: true, status: to });
  });

  const illegal = BOOKING_STATUSES.flatMap((from) =>
    BOOKING_ACTIONS.filter((action) => !LEGAL.some(([f, a]) => f === from && a === action)).map(
      (action) => [from, action] as const,
    ),
  );

  it('has 20 illegal pairs out of 24', () => {
    expect(illegal).toHaveLength(20);
  });

  it.each(illegal)('refuses %s + %s', (from, action) => {
    expect(transition(from, action)).toEqual({
      ok: false,
      code: 'booking/transition-not-allowed',
      from,
      action,
    });
  });
});

describe('actionFor', () => {
  it.each(LEGAL)('reaching %s by %s: the target %s maps back to the action', (_from, action, to) => {
    expect(actionFor(to)).toBe(action);
  });

  it('has no action that leads to pending', () => {
    expect(actionFor('pending')).toBeUndefined();
  });
});

describe('availableActions', () => {
  it.each([
    ['pending', ['accept', 'decline']],
    ['accepted', ['cancel', 'complete']],
    ['completed', []],
    ['rejected', []],
    ['cancelled', []],
    ['expired', []],
  ] as const)('%s offers %j', (status, actions) => {
    expect(availableActions(status)).toEqual(actions);
  });
});

describe('profileBucket', () => {
  it.each([
    ['pending', 'pending'],
    ['completed', 'completed'],
    ['rejected', 'declined'],
    ['cancelled', 'declined'],
    ['accepted', null],
    ['expired', 'declined'],
  ] as const)('%s counts as %s', (status, bucket) => {
    expect(profileBucket(status)).toBe(bucket);
  });
});

describe('bookingExpiry', () => {
  const HOUR = 3_600_000;
  it('expires 24 hours after the booking when the flight is further away than 26 hours', () => {
    expect(bookingExpiry(0, 30 * HOUR)).toEqual({ at: 24 * HOUR, reason: 'unanswered' });
  });

  it('expires 2 hours before departure when that comes first', () => {
    expect(bookingExpiry(0, 10 * HOUR)).toEqual({ at: 8 * HOUR, reason: 'departure' });
  });

  it('has no carrier action that reaches expired', () => {
    expect(actionFor('expired')).toBeUndefined();
  });
});
