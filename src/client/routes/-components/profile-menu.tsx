// The profile dropdown: Profile (sender -> /profile, others -> /set-profile), My courier requests
// (sender), Switch role (every role: the way out of the sender's screens, whose logo does nothing),
// Team (staff only), Log out other devices (asks first) and Logout. Closes on outside click, Escape
// and route change.
import { Link, useLocation } from '@tanstack/react-router';
import {
  ArrowLeftRight,
  ChevronDown,
  LogOut,
  MonitorSmartphone,
  Package,
  ShieldCheck,
  UserRound,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useIsStaff } from '@/client/hooks/use-is-staff';
import { useT } from '@/client/i18n/i18n';
import { LocaleSwitch } from '@/client/i18n/locale-switch';
import { PushMenuItem } from '@/client/pwa/push-menu-item';
import { Avatar } from '@/client/ui/avatar';
import { ConfirmDialog } from '@/client/ui/confirm-dialog';
import type { Role } from '@/domain/constants';
import { useLogout } from './use-logout';
import { useLogoutOthers } from './use-logout-others';
import { useSaveLocale } from './use-save-locale';

interface ProfileMenuProps {
  role: Role | null;
  name: string;
  email: string;
}

const ITEM =
  'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 disabled:text-slate-400';

export function ProfileMenu({ role, name, email }: ProfileMenuProps) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const pathname = useLocation({ select: (l) => l.pathname });
  const logout = useLogout();
  const others = useLogoutOthers();
  const staff = useIsStaff();
  const t = useT();
  const saveLocale = useSaveLocale();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing on every path change is the point
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-label={t('menu.button')}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-1 rounded-full p-1 pr-2 hover:bg-slate-100"
      >
        <Avatar name={name} className="size-8 text-sm" />
        <ChevronDown aria-hidden="true" className="size-4 text-slate-500" />
      </button>
      {open ? (
        <div
          role="menu"
          aria-label={t('menu.label')}
          className="absolute right-0 mt-2 w-60 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
        >
          <div className="border-b border-slate-100 px-3 pb-2 pt-1">
            <p className="truncate text-sm font-semibold text-slate-900">{name || t('menu.yourAccount')}</p>
            <p className="truncate text-xs text-slate-500">{email}</p>
          </div>
          <Link
            role="menuitem"
            to={role === 'sender' ? '/profile' : '/set-profile'}
            className={`mt-1 ${ITEM}`}
          >
            <UserRound aria-hidden="true" className="size-4" /> {t('menu.profile')}
          </Link>
          {role === 'sender' ? (
            <Link role="menuitem" to="/courier-requests" className={ITEM}>
              <Package aria-hidden="true" className="size-4" /> {t('menu.courierRequests')}
            </Link>
          ) : null}
          <Link role="menuitem" to="/choose_user_type" className={ITEM}>
            <ArrowLeftRight aria-hidden="true" className="size-4" /> {t('menu.switchRole')}
          </Link>
          {staff ? (
            <Link role="menuitem" to="/team" className={ITEM}>
              <ShieldCheck aria-hidden="true" className="size-4" /> {t('menu.team')}
            </Link>
          ) : null}
          <PushMenuItem className={ITEM} />
          <div className="flex items-center justify-between gap-2 px-3 py-1 text-sm text-slate-700">
            <span aria-hidden="true">{t('locale.switch.label')}</span>
            <LocaleSwitch onChosen={saveLocale} inMenu />
          </div>
          <button
            role="menuitem"
            type="button"
            className={ITEM}
            onClick={() => {
              setOpen(false);
              others.request();
            }}
          >
            <MonitorSmartphone aria-hidden="true" className="size-4" /> {t('menu.logoutOthers')}
          </button>
          <button
            role="menuitem"
            type="button"
            className={ITEM}
            disabled={logout.busy}
            onClick={() => void logout.request()}
          >
            <LogOut aria-hidden="true" className="size-4" />{' '}
            {logout.busy ? t('menu.loggingOut') : t('menu.logout')}
          </button>
        </div>
      ) : null}
      {others.asking ? (
        <ConfirmDialog
          title={t('menu.logoutOthers.title')}
          description={t('menu.logoutOthers.text')}
          confirmLabel={t('menu.logoutOthers')}
          cancelLabel={t('menu.cancel')}
          busy={others.busy}
          busyLabel={t('menu.loggingOut')}
          onConfirm={others.confirm}
          onCancel={others.cancel}
        />
      ) : null}
      {logout.unsent !== null ? (
        <ConfirmDialog
          title={t('menu.discard.title')}
          description={t('menu.discard.text', { count: logout.unsent })}
          confirmLabel={t('menu.discard.confirm')}
          cancelLabel={t('menu.discard.stay')}
          busy={logout.busy}
          busyLabel={t('menu.loggingOut')}
          onConfirm={() => void logout.confirm()}
          onCancel={logout.cancel}
        />
      ) : null}
    </div>
  );
}
