import { useState } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useServices } from '#src/services';
import * as styles from './shell.css';
import { LanguagePicker } from './language-picker';
import { m } from '#src/paraglide/messages.js';

/** Account navigation to every section of my account. */
export function AccountNav() {
  const { pageData } = useServices();
  const [open, setOpen] = useState(false);
  // Every booking screen (tabs, detail, history, Delay Repay claims…) sits under Bookings.
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const inBookings = pathname.startsWith('/bookings') || pathname.startsWith('/claims/');
  // aria-current="page" only on the link to the page on screen (the router's exact match); the
  // section a screen sits in (Address book for an address form) is marked "true": it is where
  // the customer is, not the page itself.
  const inSection = (to: string) => (to === '/bookings/upcoming' ? inBookings : pathname.startsWith(`${to}/`));
  const items = [
    { to: '/account-overview', label: m.account_nav_account_overview() },
    { to: '/bookings/upcoming', label: m.account_nav_bookings() },
    { to: '/find-booking', label: m.common_find_a_booking() },
    { to: '/personal-details', label: m.common_personal_details() },
    ...(pageData.features['passengers-and-railcards']
      ? [{ to: '/passengers-and-railcards', label: m.common_passengers_and_railcards() }]
      : []),
    { to: '/address-book', label: m.common_address_book() },
    { to: '/payment-methods', label: m.common_payment_methods() },
    { to: '/smartcards', label: m.common_smartcards() },
    { to: '/contact-preferences', label: m.common_contact_preferences() },
    { to: '/account-controls', label: m.common_account_controls() },
    { to: '/sustainability-dashboard', label: m.account_nav_sustainability() },
  ] as const;
  return (
    <nav className={styles.nav} aria-label={m.account_nav_my_account()}>
      <button
        type="button"
        className={styles.navToggle}
        aria-expanded={open}
        aria-controls="account-nav-list"
        onClick={() => setOpen((o) => !o)}
      >
        {m.account_nav_account_menu()} <span aria-hidden="true">{open ? '▲' : '▼'}</span>
      </button>
      <ul id="account-nav-list" className={styles.navList} data-open={open}>
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className={styles.navLink}
              activeOptions={{ exact: true, includeSearch: false }}
              {...(inSection(item.to) && pathname !== item.to ? { 'aria-current': 'true' as const } : {})}
              onClick={() => setOpen(false)}
            >
              {item.label}
            </Link>
          </li>
        ))}
        <li>
          <LanguagePicker />
        </li>
      </ul>
    </nav>
  );
}
