import ICAL from 'ical.js';

/** One VEVENT of a parsed .ics, as the tests read it (times as UTC instants). */
export interface ParsedEvent {
  uid: string;
  summary: string;
  location: string;
  description: string;
  url: string | null;
  start: string;
  end: string | null;
  /** The TZID parameter of DTSTART (null when written in UTC). */
  startTzid: string | null;
  status: string | null;
  sequence: number;
  dtstamp: string;
}

/**
 * Parses an RFC 5545 file with ical.js (a maintained parser, not our own code) and registers its
 * VTIMEZONEs first, so TZID times resolve through the file's own DAYLIGHT/STANDARD rules.
 */
export const parseCalendar = (
  text: string,
): { prodid: string; version: string; tzids: string[]; events: ParsedEvent[] } => {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents('vtimezone');
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  const iso = (t: ICAL.Time) => t.toJSDate().toISOString();
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    const end = vevent.getFirstPropertyValue('dtend');
    const stamp = vevent.getFirstPropertyValue('dtstamp');
    const tzid = vevent.getFirstProperty('dtstart')?.getParameter('tzid');
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      description: event.description,
      url: (vevent.getFirstPropertyValue('url') as string | null) ?? null,
      start: iso(event.startDate),
      end: end instanceof ICAL.Time ? iso(end) : null,
      startTzid: typeof tzid === 'string' ? tzid : null,
      status: (vevent.getFirstPropertyValue('status') as string | null) ?? null,
      sequence: event.sequence,
      dtstamp: stamp instanceof ICAL.Time ? iso(stamp) : '',
    };
  });
  return {
    prodid: String(calendar.getFirstPropertyValue('prodid')),
    version: String(calendar.getFirstPropertyValue('version')),
    tzids: zones.map((z) => String(z.getFirstPropertyValue('tzid'))),
    events,
  };
};
