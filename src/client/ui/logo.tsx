// The Carry mark and word mark with the tagline.
import { useT } from '@/client/i18n/i18n';

export function LogoMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true">
      <rect width="40" height="40" rx="11" fill="#0f766e" />
      <rect x="11" y="15" width="18" height="15" rx="3" fill="#ccfbf1" />
      <path d="M16 15v-3a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v3" fill="none" stroke="#ccfbf1" strokeWidth="2.4" />
      <path d="M8 24l24-9" stroke="#f97316" strokeWidth="2.6" strokeLinecap="round" />
      <circle cx="15" cy="32.5" r="1.6" fill="#ccfbf1" />
      <circle cx="25" cy="32.5" r="1.6" fill="#ccfbf1" />
    </svg>
  );
}

export function LogoLockup({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const big = size === 'lg';
  const t = useT();
  return (
    <span className="flex items-center gap-2.5">
      <LogoMark className={big ? 'size-12' : 'size-9'} />
      <span className="flex flex-col leading-tight text-left">
        <span className={`font-bold tracking-tight text-slate-900 ${big ? 'text-2xl' : 'text-lg'}`}>
          Carry
        </span>
        <span className={`text-slate-500 ${big ? 'text-sm' : 'text-xs'}`}>{t('app.tagline')}</span>
      </span>
    </span>
  );
}
