import { m } from '#src/paraglide/messages.js';
/** Portals from docs/product/overview.md and docs/product/hosting.md. `{product}` is the spec's placeholder portal. */
export const portals = [
  'Leisure',
  'CrossCountry',
  'WestMidlandsRailway',
  'NorthernRailway',
  '{product}',
  'LondonNorthwesternRailway',
  'ScotRail',
  'GreaterAnglia',
  'BrandedBusinessTravel',
  'TrainHugger',
] as const;
export type Portal = (typeof portals)[number];

export const isPortal = (value: unknown): value is Portal =>
  typeof value === 'string' && (portals as readonly string[]).includes(value);

/** Theme key per portal (the placeholder `{product}` uses the `Product` theme). */
export const themeKey = (portal: Portal) => (portal === '{product}' ? 'Product' : portal);

export interface PortalInfo {
  /** Brand shown in the header. */
  brandName: string;
  /** Heading of the bookings area: differs by portal (docs/product/overview.md, "Some headings differ by portal"). */
  bookingsHeading: string;
  /** Heading of the account landing page. */
  accountHeading: string;
}

// Headings are catalogue messages (decision 210); brand names are proper nouns and stay as they are.
const defaults: PortalInfo = {
  brandName: 'Rail Tickets',
  bookingsHeading: m.portal_heading_my_bookings(),
  accountHeading: m.portal_heading_my_account(),
};

export const portalInfo: Record<Portal, PortalInfo> = {
  Leisure: defaults,
  CrossCountry: { ...defaults, brandName: 'CrossCountry', bookingsHeading: m.portal_heading_my_journeys() },
  WestMidlandsRailway: { ...defaults, brandName: 'West Midlands Railway' },
  NorthernRailway: { ...defaults, brandName: 'Northern' },
  '{product}': defaults,
  LondonNorthwesternRailway: { ...defaults, brandName: 'London Northwestern Railway' },
  ScotRail: { ...defaults, brandName: 'ScotRail', bookingsHeading: m.portal_heading_my_journeys() },
  GreaterAnglia: { ...defaults, brandName: 'Greater Anglia' },
  BrandedBusinessTravel: {
    brandName: 'Business Travel',
    bookingsHeading: m.portal_heading_trips(),
    accountHeading: m.portal_heading_account(),
  },
  TrainHugger: { ...defaults, brandName: 'TrainHugger' },
};
