// What stands while the first screen behind the login loads on a slow link (the router's first
// load, a screen's chunk, its area's words): a header of the real one's height with the logo (the
// real header reads the Store, which may be what is loading) and the loading line where the screen
// will be. The screen then comes in under the same header line: no blank page, no jump.
import { useT } from '@/client/i18n/i18n';
import { FullScreenMessage } from './full-screen';
import { LogoLockup } from './logo';
import { ScreenPending } from './screen-pending';

/** The shell's placeholder behind the login (`signedIn`); the full-screen loading message before it. */
export function ShellPending({ signedIn }: { signedIn: boolean }) {
  const t = useT();
  if (!signedIn) return <FullScreenMessage message={t('app.loading')} />;
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
