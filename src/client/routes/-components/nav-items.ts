// The header's links per role (SPEC section 2, Header).
import type { Role } from '@/domain/constants';

export interface NavItem {
  to: '/carrierhome' | '/carrier/orders' | '/contact' | '/travellerhome' | '/mybookings';
  label: string;
}

export function navItemsFor(role: Role | null | undefined): NavItem[] {
  if (role === 'sender') return [];
  if (role === 'carrier') {
    return [
      { to: '/carrierhome', label: 'Home' },
      { to: '/carrier/orders', label: 'Order History' },
      { to: '/contact', label: 'Contact Us' },
    ];
  }
  return [
    { to: '/travellerhome', label: 'Home' },
    { to: '/mybookings', label: 'My Bookings' },
    { to: '/contact', label: 'Contact Us' },
  ];
}

export function roleLabel(role: Role | null | undefined): string | null {
  return role ? role.charAt(0).toUpperCase() + role.slice(1) : null;
}
