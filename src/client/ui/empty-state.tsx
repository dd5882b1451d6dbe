// The message shown where a list would be: an icon, a title and an optional hint or action.
import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
}

export function EmptyState({ icon, title, children }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      {icon ? (
        <div className="text-brand-600" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <p className="font-semibold text-slate-800">{title}</p>
      {children ? <div className="text-sm text-slate-500">{children}</div> : null}
    </div>
  );
}
