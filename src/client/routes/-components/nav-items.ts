// The header's links per role (SPEC section 2, Header); labels are catalogue ids (t(label)).
import type { MessageKey } from '@/client/i18n/i18n';
import type { Role } from '@/domain/constants';

export interface NavItem {
  to: '/carrierhome' | '/carrier/orders' | '/contact' | '/travellerhome' | '/mybookings';
  label: MessageKey;
}

export function navItemsFor(role: Role | null | undefined): NavItem[] {
  if (role === 'sender') return [];
  if (role === 'carrier') {
    return [
      { to: '/carrierhome', label: 'nav.home' },
      { to: '/carrier/orders', label: 'nav.orders' },
      { to: '/contact', label: 'nav.contact' },
    ];
  }
  return [
    { to: '/travellerhome', label: 'nav.home' },
    { to: '/mybookings', label: 'nav.bookings' },
    { to: '/contact', label: 'nav.contact' },
  ];
}

/** The role's name as the header shows it ('role.carrier'), null without a role. */
export function roleLabel(role: Role | null | undefined): MessageKey | null {
  return role ? (`role.${role}` satisfies MessageKey) : null;
}
