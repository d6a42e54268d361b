import { describe, expect, it } from 'vitest';
import { isSignedCsrfToken, issueCsrfToken } from '#server/lib/csrf.ts';
import {
  injectIntoHead,
  pageDataElement,
  pageDataFromEnv,
  resolvePageData,
  serializePageData,
} from '#server/lib/page-data.ts';
import { changePasswordProblem, isStrongPassword } from '#server/lib/password-rules.ts';
import { hashPassword, verifyPassword } from '#server/lib/passwords.ts';
import { parseFlowHeader } from '#server/lib/ufac.ts';

describe('passwords', () => {
  it('hashes as scrypt$N$r$p$salt$hash with a random salt and verifies', async () => {
    const a = await hashPassword('RailDemo!2026');
    const b = await hashPassword('RailDemo!2026');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('RailDemo!2026', a)).toBe(true);
    expect(await verifyPassword('raildemo!2026', a)).toBe(false);
  });

  it('honours the stored parameters and rejects malformed hashes', async () => {
    const cheap = await hashPassword('pw1', { N: 1024, r: 8, p: 1 });
    expect(cheap.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('pw1', cheap)).toBe(true);
    for (const bad of ['', 'plain', 'scrypt$x$8$1$a$b', 'bcrypt$1$2$3$4$5', cheap.slice(0, -4)]) {
      expect(await verifyPassword('pw1', bad)).toBe(false);
    }
  });

  it('applies the strength and change-password rules', () => {
    expect(isStrongPassword('abcdefg1')).toBe(true);
    expect(isStrongPassword('abcdefgh')).toBe(false);
    expect(isStrongPassword('12345678')).toBe(false);
    expect(isStrongPassword('abc1')).toBe(false);
    const who = { firstName: 'Alex', lastName: 'Morgan', email: 'demo@example.com' };
    expect(changePasswordProblem('ALEX', who)).toBe('PASSWORD_EQUALS_TO_NAME');
    expect(changePasswordProblem('alex morgan', who)).toBe('PASSWORD_EQUALS_TO_NAME');
    expect(changePasswordProblem('Demo@Example.com', who)).toBe('PASSWORD_EQUALS_TO_EMAIL');
    expect(changePasswordProblem('demo', who)).toBe('PASSWORD_EQUALS_TO_EMAIL');
    expect(changePasswordProblem('short1', who)).toBe('PASSWORD_GENERIC_ERROR');
    expect(changePasswordProblem('Another-Pass-9', who)).toBeNull();
  });
});

describe('csrf tokens', () => {
  it('are signed nonces that only verify under their secret', () => {
    const token = issueCsrfToken('secret-a');
    expect(token).toMatch(/^[\w-]{43}\.anon\.[\w-]{43}$/);
    expect(isSignedCsrfToken('secret-a', token)).toBe(true);
    expect(isSignedCsrfToken('secret-b', token)).toBe(false);
    expect(isSignedCsrfToken('secret-a', `${token.split('.')[0]}.anon.forged`)).toBe(false);
    expect(isSignedCsrfToken('secret-a', 'no-dot')).toBe(false);
  });

  it('are bound to a session: the tag cannot be swapped and only matches its own session (decision 151)', () => {
    const bound = issueCsrfToken('secret-a', 'session-1');
    expect(isSignedCsrfToken('secret-a', bound, 'session-1')).toBe(true);
    expect(isSignedCsrfToken('secret-a', bound, 'session-2')).toBe(false);
    expect(isSignedCsrfToken('secret-a', bound, '')).toBe(false);
    expect(isSignedCsrfToken('secret-a', issueCsrfToken('secret-a'), 'session-1')).toBe(false);
    // No session cookie on the request: any signed token passes (null binding).
    expect(isSignedCsrfToken('secret-a', bound, null)).toBe(true);
    const [nonce, , signature] = bound.split('.');
    const otherTag = issueCsrfToken('secret-a', 'session-2').split('.')[1];
    expect(isSignedCsrfToken('secret-a', `${nonce}.${otherTag}.${signature}`, 'session-2')).toBe(false);
  });
});

describe('user-flow header', () => {
  it('parses order.{session} and customer.{session} only', () => {
    const id = 'a'.repeat(43);
    expect(parseFlowHeader(`order.${id}`)).toEqual({ flow: 'order', sessionId: id });
    expect(parseFlowHeader(`customer.${id}`)).toEqual({ flow: 'customer', sessionId: id });
    expect(parseFlowHeader(`admin.${id}`)).toBeNull();
    expect(parseFlowHeader('order.short')).toBeNull();
    expect(parseFlowHeader(undefined)).toBeNull();
  });
});

describe('page data', () => {
  it('escapes markup so the JSON cannot leave its script element', () => {
    const json = serializePageData({ portal: '</script><script>alert(1)</script>&\u2028' });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ portal: '</script><script>alert(1)</script>&\u2028' });
  });

  it('goes into <head> before the first script, or before </head>', () => {
    const el = pageDataElement('{}');
    expect(injectIntoHead('<html><head><title>x</title><script src="a.js"></script></head></html>', el)).toBe(
      `<html><head><title>x</title>${el}<script src="a.js"></script></head></html>`,
    );
    expect(injectIntoHead('<html><head></head><body><script></script></body></html>', el)).toBe(
      `<html><head>${el}</head><body><script></script></body></html>`,
    );
  });

  it('layers defaults, env and overrides', () => {
    const warnings: string[] = [];
    const env = pageDataFromEnv({ PORTAL: 'ScotRail', FEATURES: '{"change-email":false,"x":"yes"}' }, (w) =>
      warnings.push(w),
    );
    const data = resolvePageData('tok', env, { features: { 'on-demand-tickets': false } });
    expect(data).toEqual({
      portal: 'ScotRail',
      currency: 'GBP',
      csrfToken: 'tok',
      features: {
        'passengers-and-railcards': true,
        'change-email': false,
        'on-demand-tickets': false,
        'enable-passenger-assistance': true,
        'refund-ineligibility-enhanced-view': true,
      },
    });
    expect(warnings).toHaveLength(1);
    pageDataFromEnv({ FEATURES: 'not json', PORTAL: 'Nowhere' }, (w) => warnings.push(w));
    expect(warnings).toHaveLength(3);
  });
});
