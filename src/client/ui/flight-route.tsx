// "DEL → BOM": codes large, airport names small beneath, so long names never crowd a card. While
// the names are still on their way (a new device), a placeholder of the same height stands in:
// the card does not grow when they come.
import { useT } from '@/client/i18n/i18n';

interface Place {
  code: string;
  name?: string | undefined;
}

function Stop({ place, align, loading }: { place: Place; align: 'left' | 'right'; loading: boolean }) {
  return (
    <div className={`w-0 min-w-0 flex-1 ${align === 'right' ? 'text-right' : ''}`}>
      <p className="text-xl font-bold tracking-tight text-slate-900">{place.code}</p>
      <p className="h-4 truncate text-xs leading-4 text-slate-500">
        {loading ? <TextPlaceholder /> : (place.name ?? '')}
      </p>
    </div>
  );
}

/** A grey bar where a line of text is coming, as tall as the line. */
export function TextPlaceholder({ width = 'w-24' }: { width?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block h-3 ${width} animate-pulse rounded bg-slate-200 align-middle`}
    />
  );
}

export function FlightRoute({ from, to, loading = false }: { from: Place; to: Place; loading?: boolean }) {
  const t = useT('search');
  return (
    <div className="flex items-center gap-3">
      <Stop place={from} align="left" loading={loading} />
      <div aria-hidden="true" className="flex shrink-0 items-center gap-1 text-brand-600">
        <span className="h-px w-6 bg-brand-300 sm:w-10" />
        <span className="text-sm">✈</span>
        <span className="h-px w-6 bg-brand-300 sm:w-10" />
      </div>
      <span className="sr-only">{t('search.flightRoute.to')}</span>
      <Stop place={to} align="right" loading={loading} />
    </div>
  );
}
