import type { Station } from '../domain/booking-data.ts';

/** GB stations (public CRS codes) used by the seed data. */
export const STATIONS = {
  EUS: { code: 'EUS', name: 'London Euston' },
  KGX: { code: 'KGX', name: "London King's Cross" },
  PAD: { code: 'PAD', name: 'London Paddington' },
  LST: { code: 'LST', name: 'London Liverpool Street' },
  MAN: { code: 'MAN', name: 'Manchester Piccadilly' },
  BHM: { code: 'BHM', name: 'Birmingham New Street' },
  LDS: { code: 'LDS', name: 'Leeds' },
  YRK: { code: 'YRK', name: 'York' },
  EDB: { code: 'EDB', name: 'Edinburgh Waverley' },
  GLC: { code: 'GLC', name: 'Glasgow Central' },
  NRW: { code: 'NRW', name: 'Norwich' },
  NOT: { code: 'NOT', name: 'Nottingham' },
  DBY: { code: 'DBY', name: 'Derby' },
  BRI: { code: 'BRI', name: 'Bristol Temple Meads' },
  CDF: { code: 'CDF', name: 'Cardiff Central' },
  SHF: { code: 'SHF', name: 'Sheffield' },
  NCL: { code: 'NCL', name: 'Newcastle' },
  ABD: { code: 'ABD', name: 'Aberdeen' },
  INV: { code: 'INV', name: 'Inverness' },
  COV: { code: 'COV', name: 'Coventry' },
  CRE: { code: 'CRE', name: 'Crewe' },
  LIV: { code: 'LIV', name: 'Liverpool Lime Street' },
  CBG: { code: 'CBG', name: 'Cambridge' },
  IPS: { code: 'IPS', name: 'Ipswich' },
  RDG: { code: 'RDG', name: 'Reading' },
} as const satisfies Record<string, Station>;

export type StationCode = keyof typeof STATIONS;
