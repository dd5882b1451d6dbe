// The receipt both sides of a booking get by e-mail when it completes (issue 31): who, flight, KG,
// price, payment method and reference, times (src/domain/payment/receipt.ts). Queued in the
// completion's transaction like every mail; a record, so it goes whatever the booking e-mails
// setting says.
import type { Order } from '@/domain/booking/schema';
import { receiptText } from '@/domain/payment/receipt';
import type { Clock } from '../config';
import type { Tx } from '../db/client';
import type { Notifier } from './notifier';
import { enqueue, type OutboundMessage } from './queue';

export function receiptMail(order: Order, to: string): OutboundMessage {
  return {
    channel: 'email',
    to,
    subject: `Receipt: Carry booking ${order.flightDetails.flightNo} (${order.id.slice(0, 8).toUpperCase()})`,
    text: [
      'Your Carry booking is completed. This is its receipt.',
      '',
      receiptText(order),
      '',
      'Carry takes no money itself: the traveller pays the carrier at the hand-off, by UPI or in cash.',
      'The receipt can be printed from the booking details in the app.',
    ].join('\n'),
  };
}

export async function queueReceiptMails(
  tx: Tx,
  deps: { clock: Clock; notifier: Pick<Notifier, 'queued'> },
  order: Order,
  to: readonly string[],
) {
  await enqueue(
    tx,
    to.map((address) => receiptMail(order, address)),
    deps.clock.now(),
  );
  deps.notifier.queued();
}
