// The left info panel of the list screens, shown from md up.
import type { ReactNode } from 'react';

export function SidePanel({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <aside
      aria-label={title}
      className="hidden h-fit rounded-2xl bg-gradient-to-b from-brand-800 to-brand-700 p-6 text-white shadow-card md:block"
    >
      <h2 className="text-xl font-bold">{title}</h2>
      <div className="mt-3 text-sm text-brand-100">{children}</div>
    </aside>
  );
}
