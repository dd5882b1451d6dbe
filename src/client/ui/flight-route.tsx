// "DEL → BOM": codes large, airport names small beneath, so long names never crowd a card.
interface Place {
  code: string;
  name?: string | undefined;
}

function Stop({ place, align }: { place: Place; align: 'left' | 'right' }) {
  return (
    <div className={`w-0 min-w-0 flex-1 ${align === 'right' ? 'text-right' : ''}`}>
      <p className="text-xl font-bold tracking-tight text-slate-900">{place.code}</p>
      {place.name ? <p className="truncate text-xs text-slate-500">{place.name}</p> : null}
    </div>
  );
}

export function FlightRoute({ from, to }: { from: Place; to: Place }) {
  return (
    <div className="flex items-center gap-3">
      <Stop place={from} align="left" />
      <div aria-hidden="true" className="flex shrink-0 items-center gap-1 text-brand-600">
        <span className="h-px w-6 bg-brand-300 sm:w-10" />
        <span className="text-sm">✈</span>
        <span className="h-px w-6 bg-brand-300 sm:w-10" />
      </div>
      <span className="sr-only">to</span>
      <Stop place={to} align="right" />
    </div>
  );
}
