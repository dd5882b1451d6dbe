// A new listing on a courier request's route and dates tells its sender, as booking news does
// (fan-out.ts: a push to each device with notifications on, or else an e-mail). The words say only
// what a lock screen may show: no names, contacts, flights or ID numbers.
import type { Clock } from '../config';
import type { Tx } from '../db/client';
import type { Notifier } from './notifier';
import { enqueue } from './queue';

interface MatchDeps {
  clock: Clock;
  notifier: Pick<Notifier, 'queued'>;
}

export const COURIER_MATCH_NOTICE = {
  title: 'A carrier for your courier request',
  body: 'A new listing matches your courier request. Open Carry to book it.',
} as const;

/** One row per request: its sender hears of the listing once. */
export async function queueCourierMatches(
  tx: Tx,
  deps: MatchDeps,
  requests: readonly { id: string; userId: string }[],
): Promise<void> {
  if (!requests.length) return;
  await enqueue(
    tx,
    requests.map((r) => ({
      channel: 'booking' as const,
      userId: r.userId,
      notification: {
        ...COURIER_MATCH_NOTICE,
        text: { key: 'notify.courier-match' },
        url: `/courier-requests/${encodeURIComponent(r.id)}`,
        tag: `courier-${r.id}`,
      },
    })),
    deps.clock.now(),
  );
  deps.notifier.queued();
}
