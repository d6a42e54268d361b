import { beforeEach, describe, expect, it } from 'vitest';
import { SECOND_ACCOUNT } from '#server/seed/accounts.ts';
import { LOGIN_SLOWDOWN } from '#server/lib/rate-limit.ts';
import { apiClient } from '../helpers/server';
import { openPage, seriousAxeViolations, type PageWatch } from './browser';
import { useE2eWorld } from './world';

/** The wrong-password slowdown and the emailed sign-in link past it (decision 400), in Chromium. */
const world = useE2eWorld();
let w: PageWatch;
beforeEach(async () => {
  await w?.context.close();
  w = await openPage(world.browser);
  await world.server.reset('demo');
});

type Outbox = { emails: { kind: string; to: string[]; body: string }[] };

/** Someone else's wrong passwords for the account, from elsewhere. */
async function slowDown(email: string): Promise<void> {
  const stranger = apiClient(world.server.origin);
  await stranger.init();
  for (let i = 0; i < LOGIN_SLOWDOWN.freeFailures; i++) {
    const res = await stranger.post('/my-account/api/login', { email, password: `guess-${i}` });
    expect(res.status).toBe(401);
  }
}

async function linkFromOutbox(to: string): Promise<string> {
  const { emails } = (await (await fetch(`${world.server.origin}/__outbox.json`)).json()) as Outbox;
  const mail = emails.find((e) => e.kind === 'sign-in-link' && e.to.includes(to));
  const link = /https?:\/\/\S+\/my-account\/sign-in-link#token=[A-Za-z0-9_-]+/.exec(mail?.body ?? '')?.[0];
  if (!link) throw new Error(`no sign-in link for ${to} in the outbox`);
  return link;
}

describe('sign-in link past the wrong-password slowdown', () => {
  it('offers the link on the slowed-down login, sends it, and the link from the outbox signs the owner in once', async () => {
    await slowDown(SECOND_ACCOUNT.email);
    await w.page.goto(`${world.server.origin}/my-account/login`);
    await w.page.getByLabel('Email address').first().fill(SECOND_ACCOUNT.email);
    await w.page.getByLabel('Password', { exact: true }).fill(SECOND_ACCOUNT.password);
    await w.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await w.page.getByText('Too many attempts. For your security, please try again in 1 minute.').waitFor();
    await w.page.getByText('You can also sign in now with a link we email you.').waitFor();
    expect(await seriousAxeViolations(w.page)).toEqual([]);

    const offer = w.page.getByRole('button', { name: 'Email me a sign-in link' });
    await offer.focus();
    await w.page.keyboard.press('Enter');
    const sent = w.page.getByText(
      `If ${SECOND_ACCOUNT.email} belongs to an account with a confirmed email address, we've sent it a sign-in link.`,
      { exact: false },
    );
    await sent.waitFor();
    // The offer went away: focus is on the message that replaced it, not on the page's body.
    expect(await w.page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
    expect(await w.page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('sign-in link');
    expect(await seriousAxeViolations(w.page)).toEqual([]);

    const link = await linkFromOutbox(SECOND_ACCOUNT.email);
    const path = new URL(link);
    await w.page.goto(`${world.server.origin}${path.pathname}${path.hash}`);
    await w.page.waitForURL(/\/my-account\/bookings\/upcoming$/);
    const user = await w.page.evaluate(async () => (await fetch('/my-account/api/user')).json());
    expect(user).toMatchObject({ user: { email: SECOND_ACCOUNT.email, status: 'AUTHORISED' } });

    // Used once: a second visit (another browser) says so and offers sign-in.
    const other = await openPage(world.browser);
    try {
      await other.page.goto(`${world.server.origin}${path.pathname}${path.hash}`);
      await other.page.getByText('This sign-in link has expired or has already been used.', { exact: false }).waitFor();
      // The token has left the address bar.
      expect(new URL(other.page.url()).hash).toBe('');
      await other.page.getByRole('link', { name: 'Sign in' }).last().waitFor();
      expect(await seriousAxeViolations(other.page)).toEqual([]);
    } finally {
      await other.context.close();
    }
  });

  it('does not offer the link for a wrong password that is not slowed down', async () => {
    await w.page.goto(`${world.server.origin}/my-account/login`);
    await w.page.getByLabel('Email address').first().fill(SECOND_ACCOUNT.email);
    await w.page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await w.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await w.page.getByText('The email address or password you entered is incorrect.').waitFor();
    expect(await w.page.getByRole('button', { name: 'Email me a sign-in link' }).count()).toBe(0);
  });
});
