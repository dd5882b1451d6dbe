// The screen for a path no route matches.
import { Link } from '@tanstack/react-router';
import { MapPinOff } from 'lucide-react';
import { buttonClass } from '@/client/ui/button';

export function NotFound() {
  return (
    <div className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <MapPinOff aria-hidden="true" className="size-12 text-brand-600" />
      <h1 className="text-2xl font-bold text-slate-900">Page not found</h1>
      <p className="text-slate-600">This page doesn't exist or has moved.</p>
      <Link to="/" className={buttonClass('primary')}>
        Go to the start
      </Link>
    </div>
  );
}
