// Hand-off fields of an order item (kept apart from schema.ts, which imports the booking schema).
import * as v from 'valibot';

export const orderHandoffEntries = {
  /** The traveller's code, once the booking is accepted; never in a carrier's answer. */
  handoffCode: v.optional(v.string()),
};
