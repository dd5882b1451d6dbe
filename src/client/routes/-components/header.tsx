// The top bar: logo (a way back to the role choice, except for senders), the role, the role's
// links, the profile menu and, on small screens, a menu button for the links.
import { Link, useLocation } from '@tanstack/react-router';
import { Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSession } from '@/client/hooks/use-session';
import { useT } from '@/client/i18n/i18n';
import { LogoLockup } from '@/client/ui/logo';
import { requestsText } from '@/client/ui/requests-badge';
import { unreadText } from '@/client/ui/unread-badge';
import { navItemsFor, roleLabel } from './nav-items';
import { NavUnread, useNavUnread } from './nav-unread';
import { ProfileMenu } from './profile-menu';

const LINK =
  'rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900';
const ACTIVE = 'bg-brand-50 text-brand-800 hover:bg-brand-50';

export function Header() {
  const session = useSession();
  const t = useT();
  const role = session?.userRole ?? null;
  const items = navItemsFor(role);
  const roleKey = roleLabel(role);
  const [menuOpen, setMenuOpen] = useState(false);
  const waiting = useNavUnread(items);
  const unread = waiting.unread + waiting.requests;
  const waitingText = [
    waiting.requests ? requestsText(waiting.requests) : null,
    waiting.unread ? unreadText(waiting.unread) : null,
  ]
    .filter(Boolean)
    .map((t) => `, ${t}`)
    .join('');
  const pathname = useLocation({ select: (l) => l.pathname });
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing on every path change is the point
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        {role === 'sender' ? (
          <LogoLockup />
        ) : (
          // The accessible name starts with the visible text (WCAG 2.5.3), then says where it goes.
          <Link to="/choose_user_type" className="rounded-lg">
            <LogoLockup />
            <span className="sr-only">{t('nav.chooseRole')}</span>
          </Link>
        )}
        {roleKey ? (
          <span className="hidden rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200 sm:inline">
            {t(roleKey)}
          </span>
        ) : null}
        <nav aria-label={t('nav.main')} className="ml-auto hidden items-center gap-1 md:flex">
          {items.map((item) => (
            <Link
              key={item.to}
              to={item.to}
              className={LINK}
              activeProps={{ className: ACTIVE, 'aria-current': 'page' }}
            >
              {t(item.label)}
              <NavUnread to={item.to} />
            </Link>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1 md:ml-2">
          <ProfileMenu role={role} name={session?.name ?? ''} email={session?.email ?? ''} />
          {items.length > 0 ? (
            <button
              type="button"
              className="relative grid size-10 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              onClick={() => setMenuOpen((o) => !o)}
            >
              {/* The name from content, not aria-label: the badge's number is visible text too. */}
              <span className="sr-only">{`${menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}${waitingText}`}</span>
              {menuOpen ? (
                <X aria-hidden="true" className="size-5" />
              ) : (
                <Menu aria-hidden="true" className="size-5" />
              )}
              {unread && !menuOpen ? (
                <span
                  aria-hidden="true"
                  className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-brand-700 px-1 text-xs font-semibold leading-5 text-white"
                >
                  {unread > 99 ? '99+' : unread}
                </span>
              ) : null}
            </button>
          ) : null}
        </div>
      </div>
      {menuOpen ? (
        <nav
          id="mobile-menu"
          aria-label={t('nav.mobile')}
          className="border-t border-slate-200 bg-white px-4 py-2 md:hidden"
        >
          {roleKey ? (
            <p className="px-3 py-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
              {t(roleKey)}
            </p>
          ) : null}
          {items.map((item) => (
            <Link
              key={item.to}
              to={item.to}
              className={`block ${LINK}`}
              activeProps={{ className: ACTIVE, 'aria-current': 'page' }}
            >
              {t(item.label)}
              <NavUnread to={item.to} />
            </Link>
          ))}
        </nav>
      ) : null}
    </header>
  );
}
