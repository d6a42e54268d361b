import { describe, expect, it } from 'vitest';
import { appLink, createEmailCopy, emailLocale } from '#server/lib/email-copy.ts';
import { apiClient } from '../helpers/server.ts';
import { useTestServer } from '../helpers/use-test-server.ts';

/**
 * The emails the local server sends (log lines, the outbox) reach the customer in the
 * language of the page they asked from. The app sends its locale as Accept-Language.
 */
const DEMO = { email: 'demo@example.com' };
const API = '/my-account/api';

describe('emailLocale', () => {
  it.each([
    [undefined, null],
    ['en-GB', null],
    ['de', 'de'],
    ['de-CH', 'de-ch'],
    ['de-DE,de;q=0.9', 'de'],
    ['en-US', 'en-us'],
    ['en-AU', null],
    ['pt-BR', 'pt-br'],
    ['ja, fr;q=0.8', 'fr'],
    ['*', null],
  ])('reads %s as %s', (header, locale) => {
    expect(emailLocale(header)).toBe(locale);
  });
});

describe('createEmailCopy', () => {
  const copy = createEmailCopy();
  it('fills the placeholders from the locale catalogue', () => {
    expect(copy('de', 'email_change_body', { email: 'a@b.c', link: 'L' })).toMatch(
      /^Um a@b\.c für Ihr Konto zu verwenden, .*: L /,
    );
  });
  it('falls back from a region variant to its language, then en-GB', () => {
    const missing = createEmailCopy(`${import.meta.dirname}/no-such-folder`);
    expect(() => missing('de', 'email_change_subject', {})).toThrow(/missing/);
    expect(copy('de-ch', 'email_change_subject', {})).toBe(copy('de', 'email_change_subject', {}));
    expect(copy(null, 'email_password_reset_subject', {})).toBe('Reset your password');
  });
  it('links to the app under the locale prefix', () => {
    expect(appLink('https://x', 'fr-ch', '/confirm-email#token=t')).toBe(
      'https://x/fr-ch/my-account/confirm-email#token=t',
    );
    expect(appLink('https://x', null, '/reset-password#token=t')).toBe('https://x/my-account/reset-password#token=t');
  });
});

describe('the forgot password email', () => {
  const logLines: string[] = [];
  const server = useTestServer({ resetEachTest: true, logLines });

  it('asked from a German page: a /de link, with the German subject and body', async () => {
    const c = apiClient(server.origin);
    await c.init();
    const res = await c.post(`${API}/customer/forgot-password`, DEMO, {
      csrf: 'body',
      headers: { 'accept-language': 'de' },
    });
    expect(res.status).toBe(200);
    const at = logLines.findIndex((l) => l.startsWith('Password reset link'));
    expect(logLines[at]).toMatch(/: http:\/\/127\.0\.0\.1:5173\/de\/my-account\/reset-password#token=[\w-]{43}$/);
    expect(logLines[at + 1]).toMatch(
      /^ {2}\[de\] Passwort zurücksetzen: Um ein neues Passwort .*\/de\/my-account\/reset-password#token=/,
    );
  });

  it('asked with no language: en-GB, no prefix', async () => {
    const c = apiClient(server.origin);
    await c.init();
    await c.post(`${API}/customer/forgot-password`, DEMO, { csrf: 'body' });
    const at = logLines.findIndex((l) => l.startsWith('Password reset link'));
    expect(logLines[at]).toMatch(/: http:\/\/127\.0\.0\.1:5173\/my-account\/reset-password#token=/);
    expect(logLines[at + 1]).toMatch(/^ {2}\[en-GB\] Reset your password: To choose a new password/);
  });
});
