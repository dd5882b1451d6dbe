// The screen for a path no route matches.
import { Link } from '@tanstack/react-router';
import { MapPinOff } from 'lucide-react';
import { useT } from '@/client/i18n/i18n';
import { buttonClass } from '@/client/ui/button';

export function NotFound() {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <MapPinOff aria-hidden="true" className="size-12 text-brand-600" />
      <h1 className="text-2xl font-bold text-slate-900">{t('notFound.title')}</h1>
      <p className="text-slate-600">{t('notFound.text')}</p>
      <Link to="/" className={buttonClass('primary')}>
        {t('notFound.start')}
      </Link>
    </div>
  );
}
