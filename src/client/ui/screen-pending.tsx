// What a screen behind the login shows while the router is still loading it (its data layer,
// chunks or loader), once that takes longer than the router's pendingMs.
import { useT } from '@/client/i18n/i18n';
import { Spinner } from './spinner';

export function ScreenPending() {
  const t = useT();
  return (
    <div className="grid flex-1 place-items-center px-4 py-16">
      <Spinner label={t('app.loading')} />
    </div>
  );
}
