// What a list screen's route loader starts: one pull (src/data/engine/pull.ts brings listings, bookings,
// orders and the profile together), or the one already in flight (a preload's). The loader
// returns the promise without awaiting it, so the screen shows its local rows at once; the
// screen reads the outcome with usePulled. Route files are in the first screen's bundle: the
// data layer is imported here only when a pull starts, and the refusals' words (with the domain's
// error table) only when it fails.
import type { Store } from '@/data';
import { t } from './i18n/i18n';

/** Settles with null when the pull worked, else the failure's text (active language); never rejects. */
export type Pulled = Promise<string | null>;

export function pullOnOpen(store: Store): Pulled {
  return import('@/data')
    .then(({ pull }) => pull(store, { joinRunning: true }))
    .then(
      () => null,
      (err: unknown) =>
        import('./i18n/refusals').then(
          ({ failureText }) => failureText(err),
          () => t('error.unknown'),
        ),
    );
}
