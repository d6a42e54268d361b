import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contactDetails, telHref } from '#src/config/contact';
import { portals } from '#src/config/portals';
import { openingHoursText } from '#routes/-components/contact-details';

/**
 * Every "contact customer service" leads to the portal's own contact details (src/config/contact.ts),
 * and no made-up or placeholder number is left in the catalogues or on a screen.
 */
// Ofcom's numbers reserved for drama: these cannot reach a real person.
const dramaRanges = [
  /^020 7946 0\d{3}$/,
  /^0121 496 0\d{3}$/,
  /^0161 496 0\d{3}$/,
  /^0113 496 0\d{3}$/,
  /^0141 496 0\d{3}$/,
  /^01632 960\d{3}$/,
];
// A UK phone number (01…, 02…, 03…, 07…, 08…) written with or without spaces, or a placeholder for one.
const phoneLike = /\b0[1-9]\d{1,3}[\s-]?\d{3,4}[\s-]?\d{3,4}\b|\b0{4}[\s-]?0{3}[\s-]?0{4}\b|\bX{3,}\b/;

const files = (dir: string, ext: RegExp): string[] =>
  readdirSync(join(process.cwd(), dir), {
    withFileTypes: true,
    recursive: true,
  })
    .filter((e) => e.isFile() && ext.test(e.name))
    .map((e) => join(e.parentPath, e.name));

describe('customer service contact per portal', () => {
  it.each(portals)(
    '%s has a phone from the drama ranges, opening hours and a web form or e-mail under example.com/.org',
    (portal) => {
      const c = contactDetails[portal];
      expect(
        dramaRanges.some((r) => r.test(c.phone)),
        c.phone,
      ).toBe(true);
      expect(c.hours.length).toBeGreaterThan(0);
      for (const h of c.hours) {
        expect(h.fromDay).toBeGreaterThanOrEqual(1);
        expect(h.toDay).toBeLessThanOrEqual(7);
        expect(h.fromDay).toBeLessThanOrEqual(h.toDay);
        expect(h.opens < h.closes).toBe(true);
      }
      expect(c.webForm ?? c.email).toBeTruthy();
      if (c.webForm) expect(new URL(c.webForm).hostname).toMatch(/(^|\.)example\.(com|org)$/);
      if (c.email) expect(c.email).toMatch(/@([a-z-]+\.)*example\.(com|org)$/);
    },
  );

  it('has no entry for a portal that does not exist', () => {
    expect(Object.keys(contactDetails).sort()).toEqual([...portals].sort());
  });

  it('dials the number in international form', () => {
    expect(telHref('020 7946 0100')).toBe('tel:+442079460100');
    expect(telHref('01632 960123')).toBe('tel:+441632960123');
  });

  it('gives the opening hours in the page locale', () => {
    expect(openingHoursText({ fromDay: 1, toDay: 5, opens: '08:00', closes: '20:00' }, 'en-GB')).toBe(
      'Monday to Friday, 8:00 to 20:00',
    );
    expect(openingHoursText({ fromDay: 6, toDay: 6, opens: '09:00', closes: '17:30' }, 'en-GB')).toBe(
      'Saturday, 9:00 to 17:30',
    );
    expect(openingHoursText({ fromDay: 1, toDay: 7, opens: '07:00', closes: '22:00' }, 'en-GB')).toBe(
      'Every day, 7:00 to 22:00',
    );
  });
});

describe('no placeholder contact numbers', () => {
  it.each(readdirSync(join(process.cwd(), 'messages')).filter((f) => f.endsWith('.json')))(
    'messages/%s has no phone number of its own',
    (file) => {
      const text = readFileSync(join(process.cwd(), 'messages', file), 'utf8');
      const found = text.split('\n').filter((line) => phoneLike.test(line));
      expect(found).toEqual([]);
    },
  );

  it('no screen, machine or server copy writes a phone number instead of reading src/config/contact.ts', () => {
    const sources = [
      ...files('routes', /\.tsx?$/),
      ...files('machines', /\.ts$/),
      ...files('server/api', /\.ts$/),
      ...files('src', /\.tsx?$/),
    ].filter((f) => !f.includes('paraglide') && !f.endsWith(join('config', 'contact.ts')));
    const found = sources.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .filter((line) => phoneLike.test(line))
        .map((line) => `${f}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
