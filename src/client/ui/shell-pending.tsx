// What stands while the first screen loads (the first auth check, the router's first load, a
// screen's chunk, its area's words): a header of the real one's height with the logo (the real
// header reads the Store, which may be what is loading) and the loading line where the screen will
// be. index.html's static shell draws the same boxes before the scripts arrive, and React's first
// render puts this one in its place: no blank page, no jump.
import { LogoLockup } from './logo';
import { ScreenPending } from './screen-pending';

export function ShellPending() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <LogoLockup />
        </div>
      </header>
      <main id="main" className="flex flex-1 flex-col">
        <ScreenPending />
      </main>
    </div>
  );
}
