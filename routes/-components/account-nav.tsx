import { useState } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useServices } from '#src/services';
import * as styles from './shell.css';

/** Account navigation to every section (foundation issue: "account navigation to every section"). */
export function AccountNav() {
  const { pageData } = useServices();
  const [open, setOpen] = useState(false);
  // Every booking screen (tabs, detail, history, Delay Repay claims…) sits under Bookings.
  const inBookings = useRouterState({
    select: (s) => s.location.pathname.startsWith('/bookings') || s.location.pathname.startsWith('/claims/'),
  });
  const items = [
    { to: '/account-overview', label: 'Account overview' },
    { to: '/bookings/upcoming', label: 'Bookings' },
    { to: '/find-booking', label: 'Find a booking' },
    { to: '/personal-details', label: 'Personal details' },
    ...(pageData.features['passengers-and-railcards'] ? [{ to: '/passengers-and-railcards', label: 'Passengers and railcards' }] : []),
    { to: '/address-book', label: 'Address book' },
    { to: '/payment-methods', label: 'Payment methods' },
    { to: '/smartcards', label: 'Smartcards' },
    { to: '/contact-preferences', label: 'Contact preferences' },
    { to: '/account-controls', label: 'Account controls' },
    { to: '/sustainability-dashboard', label: 'Sustainability' },
  ] as const;
  return (
    <nav className={styles.nav} aria-label="My account">
      <button
        type="button"
        className={styles.navToggle}
        aria-expanded={open}
        aria-controls="account-nav-list"
        onClick={() => setOpen((o) => !o)}
      >
        Account menu <span aria-hidden="true">{open ? '▲' : '▼'}</span>
      </button>
      <ul id="account-nav-list" className={styles.navList} data-open={open}>
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className={styles.navLink}
              activeOptions={{ includeSearch: false }}
              {...(item.to === '/bookings/upcoming' && inBookings ? { 'aria-current': 'page' as const } : {})}
              onClick={() => setOpen(false)}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
