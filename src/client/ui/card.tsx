// Surfaces: a white card with the app's border, radius and shadow. `className` adds layout and
// spacing; a surface of another colour is its own element (class order would keep bg-white).
import type { HTMLAttributes } from 'react';

export function Card({ className = '', ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={`rounded-2xl border border-slate-200 bg-white shadow-card ${className}`} {...rest} />
  );
}
