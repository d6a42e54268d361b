import { DAY_MS, addMs } from '../lib/clock.ts';
import { sha256Hex } from '../lib/tokens.ts';
import { DEMO_ACCOUNT } from './accounts.ts';
import type { SeedModule } from './context.ts';

/**
 * The demo account's contact preferences: three categories chosen before (email offers on, text
 * messages off, partner offers on) and one never updated (personalised recommendations), so
 * /contact-preferences shows both the toggles and the opt-in/opt-out prompt.
 *
 * DEMO_MARKETING_TOKEN is the token of the demo account's marketing email links (fixed so the
 * demo and browser tests can open one; only its sha256 is stored, like real ones, which are random):
 *   /my-account/contact-preferences-token#token=demo-marketing-token
 *   /my-account/contact-preferences-token?action=unsubscribe#token=demo-marketing-token
 */
export const DEMO_MARKETING_TOKEN = 'demo-marketing-token';
/** Marketing links stay usable for a year in the demo (real ones: as long as the email is relevant). */
export const MARKETING_TOKEN_TTL_MS = 365 * DAY_MS;

const demoChoices: [id: string, selected: boolean][] = [
  ['email-offers', true],
  ['text-messages', false],
  ['partner-offers', true],
];

export const consentsSeed: SeedModule = {
  name: 'consents',
  async run({ db, now }) {
    for (const [id, selected] of demoChoices) {
      await db.query(
        `insert into customer_consents (customer_id, consent_id, selected, has_ever_been_updated, updated_at)
         values ($1, $2, $3, true, $4)`,
        [DEMO_ACCOUNT.id, id, selected, addMs(now, -30 * DAY_MS)],
      );
    }
    await db.query(
      `insert into marketing_tokens (token_hash, customer_id, scope, created_at, expires_at)
       values ($1, $2, 'marketing-preference-unsubscribe', $3, $4)`,
      [sha256Hex(DEMO_MARKETING_TOKEN), DEMO_ACCOUNT.id, now, addMs(now, MARKETING_TOKEN_TTL_MS)],
    );
  },
};
