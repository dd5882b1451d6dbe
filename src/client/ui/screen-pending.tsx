// What a screen behind the login shows while the router is still loading it (its data layer,
// chunks or loader), once that takes longer than the router's pendingMs; and the loading line of
// the app's shell. The ring above its word, as index.html's static shell draws it (the word's line
// kept empty there): the word comes in place, nothing moves.
import { useT } from '@/client/i18n/i18n';

export function ScreenPending() {
  const t = useT();
  return (
    <div className="grid flex-1 place-items-center px-4 py-16">
      <div role="status" className="flex flex-col items-center gap-3 py-10 text-sm text-slate-500">
        <span
          aria-hidden="true"
          className="size-6 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700"
        />
        {/* One line's height whatever the script: Devanagari's taller glyphs would lift the ring. */}
        <span className="h-5">{t('app.loading')}</span>
      </div>
    </div>
  );
}
