import { Hono } from 'hono';
import type { Station } from '../domain/booking-data.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { ApiError } from '../lib/errors.ts';
import { STATIONS } from '../seed/stations.ts';
import { can } from '../lib/policy.ts';

/**
 * GET /realtime/timetable/:timetableId?date=YYYY-MM-DD&origin=CRS&destination=CRS: intermediate
 * calling points of a seeded train. Timetable ids are `{ORIGIN}-{DESTINATION}-{YYYYMMDDHHmm}`
 * (server/seed/booking-factory.ts); the stops come from the small route table below, so they are
 * stable. A route not in the table, a malformed id or a query that does not match the id answers
 * 404 TIMETABLE_UNAVAILABLE (the app shows "unavailable"). Public timetable data: no sign-in needed.
 */
export const EXTRA_STATIONS = {
  MKC: 'Milton Keynes Central',
  SOT: 'Stoke-on-Trent',
  MAC: 'Macclesfield',
  SVG: 'Stevenage',
  PBO: 'Peterborough',
  DON: 'Doncaster',
  SWI: 'Swindon',
  BTH: 'Bath Spa',
  COL: 'Colchester',
  DIS: 'Diss',
  CAR: 'Carlisle',
  PRE: 'Preston',
  WBQ: 'Warrington Bank Quay',
  NWP: 'Newport (South Wales)',
  BPW: 'Bristol Parkway',
  RUN: 'Runcorn',
  STA: 'Stafford',
  ALM: 'Alnmouth',
  BWK: 'Berwick-upon-Tweed',
  NRN: 'Nairn',
  FOR: 'Forres',
  ELG: 'Elgin',
  KEI: 'Keith',
  HNT: 'Huntly',
  INR: 'Inverurie',
  DAR: 'Darlington',
  DHM: 'Durham',
} as const;

const stationName = (code: string): string | null =>
  (STATIONS as Record<string, Station>)[code]?.name ?? (EXTRA_STATIONS as Record<string, string>)[code] ?? null;

/** Route (one direction; the reverse is derived) → total minutes and [stop, minutes after departure]. */
export const ROUTES: Record<string, { minutes: number; stops: [string, number][] }> = {
  'EUS-MAN': {
    minutes: 128,
    stops: [
      ['MKC', 30],
      ['SOT', 84],
      ['MAC', 104],
    ],
  },
  'KGX-YRK': {
    minutes: 112,
    stops: [
      ['SVG', 20],
      ['PBO', 46],
      ['DON', 88],
    ],
  },
  'BHM-EDB': {
    minutes: 255,
    stops: [
      ['DBY', 35],
      ['SHF', 70],
      ['LDS', 105],
      ['YRK', 135],
      ['NCL', 195],
    ],
  },
  'PAD-BRI': {
    minutes: 98,
    stops: [
      ['RDG', 25],
      ['SWI', 55],
      ['BTH', 80],
    ],
  },
  'LST-NRW': {
    minutes: 112,
    stops: [
      ['COL', 50],
      ['IPS', 70],
      ['DIS', 90],
    ],
  },
  'GLC-EUS': {
    minutes: 270,
    stops: [
      ['CAR', 70],
      ['PRE', 145],
      ['WBQ', 170],
      ['MKC', 235],
    ],
  },
  'CDF-PAD': {
    minutes: 118,
    stops: [
      ['NWP', 14],
      ['BPW', 35],
      ['SWI', 60],
      ['RDG', 93],
    ],
  },
  'LIV-EUS': {
    minutes: 134,
    stops: [
      ['RUN', 15],
      ['STA', 50],
      ['MKC', 100],
    ],
  },
  'NCL-EDB': {
    minutes: 88,
    stops: [
      ['ALM', 25],
      ['BWK', 45],
    ],
  },
  'INV-ABD': {
    minutes: 140,
    stops: [
      ['NRN', 15],
      ['FOR', 27],
      ['ELG', 40],
      ['KEI', 60],
      ['HNT', 78],
      ['INR', 113],
    ],
  },
  'YRK-NCL': {
    minutes: 58,
    stops: [
      ['DAR', 30],
      ['DHM', 45],
    ],
  },
  // Direct: a train with no intermediate stops.
  'NOT-DBY': { minutes: 20, stops: [] },
};

export function stopsFor(origin: string, destination: string): [string, number][] | null {
  const forward = ROUTES[`${origin}-${destination}`];
  if (forward) return forward.stops;
  const reverse = ROUTES[`${destination}-${origin}`];
  if (!reverse) return null;
  return reverse.stops.map(([code, min]): [string, number] => [code, reverse.minutes - min]).reverse();
}

const ID = /^([A-Z]{3})-([A-Z]{3})-(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/;
const unavailable = () => new ApiError(404, 'TIMETABLE_UNAVAILABLE');

export function timetableApi(): Hono<AppEnv> {
  const api = new Hono<AppEnv>();

  api.get('/realtime/timetable/:timetableId', can('public'), (c) => {
    const timetableId = c.req.param('timetableId');
    const date = c.req.query('date') ?? '';
    const origin = c.req.query('origin') ?? '';
    const destination = c.req.query('destination') ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^[A-Z]{3}$/.test(origin) || !/^[A-Z]{3}$/.test(destination)) {
      throw new ApiError(400, 'VALIDATION', 'date (YYYY-MM-DD), origin and destination (CRS codes) are required');
    }
    const m = ID.exec(timetableId);
    if (!m) throw unavailable();
    const [, from, to, yyyy, mm, dd, hh, min] = m;
    if (from !== origin || to !== destination || `${yyyy}-${mm}-${dd}` !== date) throw unavailable();
    const stops = stopsFor(origin, destination);
    if (!stops) throw unavailable();
    const departure = Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd), Number(hh), Number(min));
    if (Number.isNaN(departure)) throw unavailable();
    const callingPoints = stops.map(([code, offset]) => ({
      station: { code, name: stationName(code) ?? code },
      arrival: new Date(departure + offset * 60_000).toISOString(),
      departure: new Date(departure + (offset + 1) * 60_000).toISOString(),
    }));
    return c.json({ timetableId, origin, destination, date, callingPoints });
  });

  return api;
}
