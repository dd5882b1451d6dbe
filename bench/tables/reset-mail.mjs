// A password-reset mail's delay while another user holds 1,000 push subscriptions
// (bench/abuse/reset-mail-delay.ts): the reset and a booking e-mail on an idle queue (the
// baseline) and right after the flooder's bookings fanned out to its devices.
import { count, met, ms, stamp } from './format.mjs';

const GOAL_MS = 10_000;
const late = (x, r) => (x === null || x === undefined ? `more than ${ms(r.giveUpMs)}` : ms(x));

export function blocks(r) {
  return {
    'reset-mail': [
      stamp(r),
      '',
      `| ${r.database}, push service answering in ${r.pushDelayMs} ms | password-reset mail | another carrier's booking e-mail |`,
      '|---|---:|---:|',
      `| idle queue (baseline) | ${late(r.idle.reset, r)} | ${late(r.idle.bookingMail, r)} |`,
      `| right after ${count(r.booking.bookings ?? null)} bookings fanned out to ${count(r.planted.subscriptionsHeld)} subscriptions (goal 10 s for the reset) | **${late(r.loaded.reset, r)}** | ${late(r.loaded.bookingMail, r)} |`,
      '',
      `Subscriptions asked through the API from 20 sessions: ${count(r.api.attempted)}, kept: ${count(r.api.kept)}. ` +
        `Booking request p50: ${ms(r.booking.ordinaryListingP50Ms)} on an ordinary carrier's listing, ` +
        `${ms(r.booking.flooderListingP50Ms)} on the flooder's (max ${ms(r.booking.flooderListingMaxMs)}). ` +
        `Queue rows when the reset was asked: ${count(r.backlogRowsAtReset)}.`,
    ].join('\n'),
  };
}

export function summary(r) {
  const reset = r.loaded?.reset;
  return [
    {
      measure: `Password-reset mail while another user holds ${count(r.planted?.subscriptionsHeld)} push subscriptions (idle queue)`,
      goal: '10 s',
      now: `${late(reset, r)} (${late(r.idle?.reset, r)})`,
      met: met(reset !== null && reset !== undefined && reset <= GOAL_MS),
      anchor: 'abuse-a-password-reset-mail-behind-1000-subscriptions',
    },
  ];
}
