// The traveller's hand-off code on an accepted booking: the digits in large type and a QR code
// of them, both read from the local store, so they show with no signal at the arrivals hall.
import { KeyRound } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useT } from '@/client/i18n/i18n';
import { formatHandoffCode } from '@/domain/handoff/code';

const HandoffQr = lazy(() => import('./handoff-qr'));

export function HandoffCode({ code }: { code: string }) {
  const t = useT('carrier');
  return (
    <section
      aria-label={t('carrier.handoff.title')}
      className="mt-3 flex flex-col items-center gap-4 rounded-xl border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center"
    >
      <Suspense fallback={<div className="size-44 animate-pulse rounded-lg bg-white" />}>
        <HandoffQr code={code} />
      </Suspense>
      <div className="text-center sm:text-left">
        <h2 className="flex items-center justify-center gap-1.5 text-sm font-semibold text-brand-800 sm:justify-start">
          <KeyRound aria-hidden="true" className="size-4" /> {t('carrier.handoff.title')}
        </h2>
        <p className="mt-1 font-mono text-4xl font-bold tracking-widest text-slate-900">
          {formatHandoffCode(code)}
        </p>
        <p className="mt-2 max-w-xs text-sm text-slate-700">{t('carrier.handoff.text')}</p>
      </div>
    </section>
  );
}
