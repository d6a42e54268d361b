import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '#server/db.ts';
import { DEMO_ACCOUNT, LEAVING_ACCOUNT } from '#server/seed/accounts.ts';
import { bookingIdOf, stableId } from '#server/seed/context.ts';
import { insuranceProductId } from '#server/seed/insurance.ts';
import { ASSISTANCE_BOOKING_KEY, ASSISTANCE_IDS } from '#server/seed/passenger-assistance.ts';
import { apiClient, signedInClient, type ApiClient } from '../helpers/server.ts';
import { useTestServer } from '../helpers/use-test-server.ts';
import { allowConsoleError } from '../setup-node.ts';

/**
 * An email that follows a decision is written in the transaction that makes the decision
 * (docs/decisions/352-outbox.md, 680, 720), and an emailed link (reset, sign-in, change of email)
 * is written with its email: when the transaction fails after deciding, at its
 * commit, the customer is told nothing, and the same request made again sends the email once; when
 * the transaction commits, its email's row is there, even if the process fails the moment after.
 * The app's database here fails the next `failing` commits (each transaction runs its whole body,
 * then rolls back instead of committing), or, with `crashing`, fails right after the next commit.
 */
let failing = 0;
let crashing = 0;
const failingCommits = (db: Db): Db => ({
  ...db,
  transaction: async (fn) => {
    const answer = await db.transaction(async (tx) => {
      const decided = await fn(tx);
      if (failing > 0) {
        failing -= 1;
        throw new Error('the commit failed (test)');
      }
      return decided;
    });
    if (crashing > 0) {
      crashing -= 1;
      throw new Error('the process failed after the commit (test)');
    }
    return answer;
  },
});

const API = '/my-account/api';
const YORK = ASSISTANCE_BOOKING_KEY; // demo: King's Cross → York, Jamie's wheelchair and ramp booked, insured
const orderOf = (key: string) => stableId('order', key);
const server = useTestServer({ resetEachTest: true, wrapDb: failingCommits });
beforeEach(() => {
  failing = 0;
  crashing = 0;
});

type Email = { kind: string; to: string[] };
const outbox = async (kind: string): Promise<Email[]> =>
  ((await (await fetch(`${server.origin}/__outbox.json`)).json()) as { emails: Email[] }).emails.filter(
    (e) => e.kind === kind,
  );
const assistanceStatus = async (client: ApiClient) =>
  (
    await client.get<{ passengerAssistances: { id: string; status: string }[] }>(
      `${API}/customer/passenger-assistance/orders/${orderOf(YORK)}/products/${bookingIdOf(YORK)}`,
    )
  ).body.passengerAssistances.find((a) => a.id === ASSISTANCE_IDS.jamieOutward)?.status;

/** Makes `call` once with its transaction failing at the commit, then again. */
async function failThenSucceed(
  call: () => Promise<{ status: number }>,
  kinds: string[],
  undone: () => Promise<void>,
  opts: { thenCrash?: boolean } = {},
) {
  failing = 1;
  allowConsoleError(/the commit failed \(test\)/);
  const failed = await call();
  expect(failed.status).toBe(500);
  expect(failing).toBe(0); // the decision was made: the transaction reached its commit
  for (const kind of kinds) expect(await outbox(kind), kind).toEqual([]);
  await undone();
  if (opts.thenCrash) {
    // Committed, then the process fails before anything after the commit runs: the rows stand.
    crashing = 1;
    allowConsoleError(/the process failed after the commit \(test\)/);
    const crashed = await call();
    expect(crashed.status).toBe(500);
    expect(crashing).toBe(0);
  } else {
    const done = await call();
    expect(done.status).toBeLessThan(300);
  }
  for (const kind of kinds) expect(await outbox(kind), kind).toHaveLength(1);
}

const failThenSucceedIn = (
  thenCrash: boolean,
  call: () => Promise<{ status: number }>,
  kinds: string[],
  undone: () => Promise<void>,
) => failThenSucceed(call, kinds, undone, { thenCrash });

describe.each([
  { mode: 'committed', thenCrash: false },
  { mode: 'committed, then the process fails at once', thenCrash: true },
])('an email follows only a committed decision, and always follows it ($mode)', ({ thenCrash }) => {
  it('a refund request: no refund confirmation and no assistance cancelled', async () => {
    const demo = await signedInClient(server.origin, DEMO_ACCOUNT);
    const quote = await demo.get<{ quoteId: string }>(
      `${API}/refund-quote/${orderOf(YORK)}/${bookingIdOf(YORK)}?refundReason=CHANGED_PLANS`,
    );
    expect(quote.status).toBe(200);
    await failThenSucceedIn(
      thenCrash,
      () => demo.request('POST', `${API}/refund-quote/${quote.body.quoteId}`, { body: 'null' }),
      ['refund-confirmation', 'assistance-cancelled'],
      async () => expect(await assistanceStatus(demo)).toBe('booked'),
    );
    expect(await assistanceStatus(demo)).toBe('cancelled');
  });

  it('an insurance claim: no claim email and no assistance cancelled', async () => {
    const demo = await signedInClient(server.origin, DEMO_ACCOUNT);
    const path = `${API}/flexible-insurance/${orderOf(YORK)}/${insuranceProductId(YORK)}`;
    const eligibility = await demo.post<{ claimId: string; isClaimable: boolean }>(`${path}/eligibility`);
    expect(eligibility.body.isClaimable).toBe(true);
    await failThenSucceedIn(
      thenCrash,
      () => demo.post(`${path}/${eligibility.body.claimId}/claim`),
      ['insurance-claim', 'assistance-cancelled'],
      async () => expect(await assistanceStatus(demo)).toBe('booked'),
    );
  });

  it('a change of journey: no new booking’s email', async () => {
    const demo = await signedInClient(server.origin, DEMO_ACCOUNT);
    const bookingId = bookingIdOf(YORK);
    const options = await demo.get<{ outward: { departure: string }; savedCards: { id: string; expired: boolean }[] }>(
      `${API}/change-of-journey/options/${bookingId}`,
    );
    const day = options.body.outward.departure.slice(0, 10);
    const trains = await demo.get<{ departures: { trainId: string; departure: string }[] }>(
      `${API}/change-of-journey/departures/${bookingId}?direction=outward&leg=outward&date=${day}&after=18:00`,
    );
    const evening = trains.body.departures.find((t) => t.departure.slice(11, 16) === '18:00');
    const quote = await demo.post<{ quoteId: string; total: { amount: number } }>(
      `${API}/change-of-journey/quote/${bookingId}`,
      {
        direction: 'outward',
        outwardTrain: evening?.trainId,
      },
    );
    expect(quote.status).toBe(200);
    const card = options.body.savedCards.find((c) => !c.expired);
    await failThenSucceedIn(
      thenCrash,
      () =>
        demo.post(`${API}/change-of-journey/pay/${quote.body.quoteId}`, {
          expectedTotal: quote.body.total.amount,
          payment: { method: 'saved', cardId: card?.id },
        }),
      ['booking-confirmation'],
      async () => expect((await demo.get(`${API}/booking/${bookingId}`)).status).toBe(200), // not replaced
    );
  });

  it('a registration: no confirmation link', async () => {
    const client = apiClient(server.origin);
    await client.init();
    const register = () =>
      client.post(`${API}/register`, {
        email: 'nouveau@example.com',
        password: 'Trains4ever',
        firstName: 'Léa',
        lastName: 'Martin',
      });
    await failThenSucceedIn(thenCrash, register, ['registration'], async () => {
      expect(await server.query('select 1 from customers where email = $1', ['nouveau@example.com'])).toEqual([]);
    });
  });

  /** The rows of one emailed link of the demo account (`table`: its token table), written with its email or not at all. */
  const demoLinks = (table: string, also = '') =>
    server.query(`select 1 from ${table} where customer_id = $1${also}`, [DEMO_ACCOUNT.id]);

  it('a password-reset link: no link and no email', async () => {
    const client = apiClient(server.origin);
    await client.init();
    await failThenSucceedIn(
      thenCrash,
      () => client.post(`${API}/customer/forgot-password`, { email: DEMO_ACCOUNT.email }),
      ['password-reset'],
      async () => expect(await demoLinks('password_reset_tokens')).toEqual([]),
    );
    expect(await demoLinks('password_reset_tokens')).toHaveLength(1);
  });

  it('a sign-in link: no link and no email', async () => {
    const client = apiClient(server.origin);
    await client.init();
    await failThenSucceedIn(
      thenCrash,
      () => client.post(`${API}/customer/sign-in-link`, { email: DEMO_ACCOUNT.email }),
      ['sign-in-link'],
      async () => expect(await demoLinks('sign_in_link_tokens')).toEqual([]),
    );
    expect(await demoLinks('sign_in_link_tokens')).toHaveLength(1);
  });

  it('a change-of-email link: no link and no email', async () => {
    const demo = await signedInClient(server.origin, DEMO_ACCOUNT);
    const newEmail = " and new_email = 'alex.new@example.com'";
    await failThenSucceedIn(
      thenCrash,
      () =>
        demo.post(`${API}/customer/change-email`, {
          newEmailAddress: 'alex.new@example.com',
          currentPassword: DEMO_ACCOUNT.password,
        }),
      ['email-change'],
      async () => expect(await demoLinks('email_change_requests', newEmail)).toEqual([]),
    );
    expect(await demoLinks('email_change_requests', newEmail)).toHaveLength(1);
  });

  it('closing an account: no goodbye, and the account stays', async () => {
    const leaving = { email: LEAVING_ACCOUNT.email, password: LEAVING_ACCOUNT.password };
    const client = await signedInClient(server.origin, leaving);
    await failThenSucceedIn(
      thenCrash,
      () => client.post(`${API}/customer/close-account`, { password: leaving.password }),
      ['account-closed'],
      async () => {
        expect(await server.query('select 1 from customers where email = $1', [leaving.email])).toHaveLength(1);
      },
    );
  });
});
