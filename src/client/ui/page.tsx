// The frame of a signed-in screen: a centred column with a title block.
import type { ReactNode } from 'react';

interface PageProps {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  width?: 'md' | 'lg' | 'xl';
}

const WIDTHS = { md: 'max-w-2xl', lg: 'max-w-4xl', xl: 'max-w-6xl' } as const;

export function Page({ title, subtitle, actions, children, width = 'xl' }: PageProps) {
  return (
    <div className={`mx-auto w-full ${WIDTHS[width]} px-4 py-6 sm:px-6 sm:py-8`}>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-slate-600 sm:text-base">{subtitle}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </div>
  );
}
