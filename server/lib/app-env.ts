import type { Db } from '../db.ts';
import type { GuestSession, SessionCustomer } from '../domain/identity.ts';
import type { Clock } from './clock.ts';
import type { Action } from './policy-table.ts';

/** Hooks that exist only when the app runs with test switches on. */
export type TestHooks = {
  /** Called with the plain reset token whenever forgot-password issues one. */
  onResetToken(email: string, token: string): void;
  /** Called with the plain token whenever a change of email is requested (the link sent to the new address). */
  onEmailChangeToken?(email: string, token: string): void;
  /** True when this change-email call must end in tokenFailure (POST /__test/change-email-token-failure). */
  takeTokenFailure?(): boolean;
};

/** Everything a handler needs besides the request; available as `c.get('deps')`. */
export type AppDeps = {
  db: Db;
  clock: Clock;
  /** Operational log lines (reset links, startup notes); stdout by default. */
  log: (line: string) => void;
  /** Origin of links sent by email (server/lib/public-origin.ts); optional so hand-built deps in tests stay valid. */
  publicOrigin?: string;
  testHooks: TestHooks | null;
  /** Whether a feature flag is on for this server (the same flags the page data gives the app). */
  feature: (name: string) => boolean;
  /** The portal the page data names now (a change of journey's fee is per portal); absent: Leisure. */
  portal?: () => string;
  /** Where the outbox writes each email as an .eml file (DATA_DIR/outbox); none: the table only (server/lib/outbox.ts). */
  outboxDir?: string | null;
  /**
   * Behind trusted proxies: how many (true = 1). The client address and scheme come from the entry
   * they appended to X-Forwarded-For / X-Forwarded-Proto (server/lib/proxy.ts, decision 300).
   */
  trustProxy?: boolean | number;
};

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    customer: SessionCustomer | null;
    guest: GuestSession | null;
    conversationId: string;
    /** What the route does, as named by `can(...)` (server/lib/policy.ts). */
    actions: readonly Action[] | undefined;
  };
};
