import type { Portal } from './portals';

/**
 * Customer service contact details per portal, shown wherever a screen tells the customer to
 * contact customer service (ContactDetails in routes/-components/contact-details.tsx).
 *
 * These are the demo retailer's values (src/config/retailer.ts): configuration, not copy, so a
 * deployment for a real retailer changes these lines. They cannot reach a real person: the phone
 * numbers are from Ofcom's ranges reserved for drama (020 7946 0000-0999, 0121 496 0000-0999,
 * 0161 496 0000-0999, 0113 496 0000-0999, 0141 496 0000-0999, 01632 960000-960999) and the web
 * forms and e-mail addresses are under example.com and example.org.
 */
export interface OpeningHours {
  /** First and last day of the range, ISO weekday: 1 is Monday, 7 is Sunday. */
  fromDay: number;
  toDay: number;
  /** 24-hour UK time, "HH:MM". */
  opens: string;
  closes: string;
}

export interface ContactDetails {
  /** UK national format, as the customer dials it from the UK. */
  phone: string;
  hours: readonly OpeningHours[];
  /** Customer service's web form, when the portal has one. */
  webForm?: string;
  /** Customer service's e-mail address, when the portal takes e-mail. */
  email?: string;
}

/** The data protection officer's line, named by the privacy notice (from the drama range, as above). */
export const privacyPhone = '020 7946 0990';

const weekdays = { fromDay: 1, toDay: 5 } as const;
const saturday = { fromDay: 6, toDay: 6 } as const;

export const contactDetails: Record<Portal, ContactDetails> = {
  Leisure: {
    phone: '020 7946 0100',
    hours: [
      { ...weekdays, opens: '08:00', closes: '20:00' },
      { ...saturday, opens: '09:00', closes: '17:00' },
    ],
    webForm: 'https://www.example.com/rail-tickets/contact',
  },
  CrossCountry: {
    phone: '0121 496 0123',
    hours: [{ fromDay: 1, toDay: 7, opens: '08:00', closes: '22:00' }],
    email: 'crosscountry.help@example.com',
  },
  WestMidlandsRailway: {
    phone: '0121 496 0456',
    hours: [
      { ...weekdays, opens: '07:00', closes: '20:00' },
      { ...saturday, opens: '08:00', closes: '18:00' },
    ],
    webForm: 'https://www.example.com/west-midlands-railway/contact',
  },
  NorthernRailway: {
    phone: '0161 496 0789',
    hours: [{ fromDay: 1, toDay: 6, opens: '08:00', closes: '20:00' }],
    webForm: 'https://www.example.com/northern/contact',
  },
  '{product}': {
    phone: '020 7946 0999',
    hours: [{ ...weekdays, opens: '09:00', closes: '17:30' }],
    email: 'customer.service@example.com',
  },
  LondonNorthwesternRailway: {
    phone: '020 7946 0456',
    hours: [
      { ...weekdays, opens: '07:00', closes: '20:00' },
      { ...saturday, opens: '08:00', closes: '18:00' },
    ],
    webForm: 'https://www.example.com/london-northwestern-railway/contact',
  },
  ScotRail: {
    phone: '0141 496 0123',
    hours: [{ fromDay: 1, toDay: 7, opens: '07:00', closes: '22:00' }],
    webForm: 'https://www.example.org/scotrail/contact',
  },
  GreaterAnglia: {
    phone: '01632 960123',
    hours: [
      { ...weekdays, opens: '08:00', closes: '19:00' },
      { ...saturday, opens: '09:00', closes: '17:00' },
    ],
    email: 'greater.anglia.help@example.org',
  },
  BrandedBusinessTravel: {
    phone: '020 7946 0777',
    hours: [{ ...weekdays, opens: '07:00', closes: '19:00' }],
    email: 'business.travel@example.com',
  },
  TrainHugger: {
    phone: '0113 496 0555',
    hours: [{ fromDay: 1, toDay: 7, opens: '08:00', closes: '20:00' }],
    webForm: 'https://www.example.org/trainhugger/help',
  },
};

/** The phone number as a tel: link target, in international form ("020 7946 0100" → "tel:+442079460100"). */
export const telHref = (phone: string): string => `tel:+44${phone.replace(/\s+/g, '').replace(/^0/, '')}`;
