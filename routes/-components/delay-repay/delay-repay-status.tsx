import { Link } from '@tanstack/react-router';
import { useEffect, useRef, type ReactNode } from 'react';
import { schemaMismatchMessage } from '#src/api/errors';
import { formatMoney } from '#src/i18n/format';
import type { Claim } from '#src/schemas/delay-repay';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { LoadError } from '#src/ui/load-error';
import { Page } from '#src/ui/page';
import { ukDate, ukDateTime } from '../booking-format';
import { notClaimableWords, paymentLabels, statusWords } from './delay-repay-copy';
import * as styles from './delay-repay.css';
import { ContactDetails } from '../contact-details';
import { serverWords } from '../server-words';
import { m } from '#src/paraglide/messages.js';
import { LiveRegion } from '#src/ui/live-region';
import { ClaimEstimate, ClaimForm, type Send, type Snapshot } from './delay-repay-form';

/**
 * What a Delay Repay claim shows outside the form: the page when the link or the claim cannot be
 * opened (the noToken, invalidToken, linkNotOffered, tokenFailed and loadFailed states of
 * machines/delay-repay.ts), and a loaded claim's status, hand-off and facts.
 */

/**
 * The whole page when the link or the claim cannot be opened, or null otherwise: a plain function,
 * not a component, so the page stays the same element as the screen moves on to the claim.
 */
export function claimProblemPage(snapshot: Snapshot, send: Send): ReactNode {
  const signIn = (
    <p>
      <Link to="/login" search={{ redirect: '/my-account/bookings/past' }}>
        {m.delay_repay_screen_sign_in_to_see_your()}
      </Link>
    </p>
  );

  if (snapshot.matches('noToken') || snapshot.matches('invalidToken')) {
    const invalid = snapshot.matches('invalidToken');
    return (
      <Page title={m.delay_repay_screen_delay_repay_claim()}>
        <Alert tone={invalid ? 'error' : 'info'} title={m.delay_repay_screen_we_couldnt_open_your_claim()}>
          <p>{invalid ? m.delay_repay_invalid_token() : m.delay_repay_no_token()}</p>
          {signIn}
        </Alert>
      </Page>
    );
  }
  if (snapshot.matches('linkNotOffered')) {
    // The host has no sessions from email links (a 404 from a call beyond docs/product/api.md): not an error.
    return (
      <Page title={m.delay_repay_screen_delay_repay_claim()}>
        <Alert tone="info" title={m.delay_repay_screen_we_couldnt_open_your_claim()}>
          <p>{m.delay_repay_link_not_offered()}</p>
          {signIn}
          <p>
            <Link to="/find-booking">{m.common_find_a_booking()}</Link>
          </p>
        </Alert>
      </Page>
    );
  }
  if (snapshot.matches('tokenFailed')) {
    return (
      <Page title={m.delay_repay_screen_delay_repay_claim()}>
        <LoadError message={m.delay_repay_token_failed()} onRetry={() => send({ type: 'claim.retry' })} />
      </Page>
    );
  }
  if (snapshot.matches('loadFailed') && snapshot.context.loadError === 'notFound') {
    // Not this customer's claim (or none such): trying again cannot help.
    return (
      <Page title={m.delay_repay_screen_delay_repay_claim()}>
        <Alert tone="error" title={m.delay_repay_screen_we_couldnt_open_this_claim()}>
          <p>{m.delay_repay_not_found()}</p>
          <p>
            <Link to="/bookings/past">{m.delay_repay_screen_see_your_past_bookings()}</Link>
          </p>
        </Alert>
      </Page>
    );
  }
  if (snapshot.matches('loadFailed')) {
    return (
      <Page title={m.delay_repay_screen_delay_repay_claim()}>
        <LoadError
          title={m.delay_repay_screen_we_couldnt_load_your_claim()}
          message={snapshot.context.loadError === 'schema' ? schemaMismatchMessage : m.delay_repay_load_failed()}
          onRetry={() => send({ type: 'claim.retry' })}
        />
      </Page>
    );
  }
  return null;
}

export function claimIntro(claim: Claim): ReactNode {
  const delayed = claim.journeys?.find((j) => j.direction === claim.delayedJourney) ?? claim.journeys?.[0];
  const route = delayed
    ? m.common_origin_to_destination({ origin: delayed.origin.name, destination: delayed.destination.name })
    : null;
  const order = claim.friendlyOrderId ? m.delay_repay_screen_order({ friendlyOrderId: claim.friendlyOrderId }) : null;
  return [route, order].filter(Boolean).join(' · ') || undefined;
}

/** Opened from an email link: sign in, or (no account yet) register to keep claims together. */
export function AccountOffer({ claim, registered }: { claim: Claim; registered: boolean }) {
  return registered ? (
    <Alert tone="info" title={m.delay_repay_screen_you_have_an_account_with()}>
      <p>
        <Link to="/login" search={{ redirect: `/my-account/claims/${claim.claimId}` }}>
          {m.delay_repay_screen_sign_in_to_see_this()}
        </Link>
      </p>
    </Alert>
  ) : (
    <Alert tone="info" title={m.delay_repay_screen_keep_track_of_your_claims()}>
      <p>{m.delay_repay_screen_create_an_account_to_see()}</p>
      <p>
        <Link to="/register">{m.delay_repay_screen_create_an_account()}</Link> ·{' '}
        <Link to="/login">{m.common_sign_in()}</Link>
      </p>
    </Alert>
  );
}

/** A sentence with its first letter in capitals: the operator's stand-in, "the train company", may open one. */
const sentence = (text: string): string => text.charAt(0).toLocaleUpperCase() + text.slice(1);

export function ClaimBody({ snapshot, send, claim }: { snapshot: Snapshot; send: Send; claim: Claim }) {
  const { locale, pageData } = useServices();
  // Spec: service fee and compensation to the customer in the portal's currency.
  const money = (n: number) => formatMoney(n, pageData.currency, locale.tag);
  // Without the claim's operator (a local-server extra) the words name "the train company", in the
  // middle of a sentence as often as at its start; a sentence it opens gets its capital (decision 873).
  const operator = claim.operator ?? m.delay_repay_screen_the_train_company();
  const words = claim.notClaimable
    ? notClaimableWords(claim.notClaimable.reason)
    : statusWords(claim.status, {
        operator,
        amount: money(claim.compensationToCustomer.amount),
        deadline: claim.deadline ? ukDate(claim.deadline, locale.tag) : null,
        reason: serverWords(claim.statusReasonWords) ?? claim.statusReason ?? null,
      });
  const punchout = snapshot.matches({ loaded: 'punchout' });
  const open =
    snapshot.matches({ loaded: 'editing' }) ||
    snapshot.matches({ loaded: 'submitting' }) ||
    snapshot.matches({ loaded: 'submitFailed' });

  const justSubmitted = snapshot.context.justSubmitted;
  const thanksRef = useRef<HTMLDivElement>(null);
  // The form (and the radio or button that had the focus) goes away: the thanks take the focus.
  useEffect(() => {
    if (justSubmitted) thanksRef.current?.focus();
  }, [justSubmitted]);

  return (
    <>
      <div ref={thanksRef} tabIndex={-1}>
        {justSubmitted && (
          <Alert tone="success" title={m.delay_repay_screen_thank_you_your_claim_has()}>
            <p>{m.delay_repay_screen_weve_sent_your_claim_to({ operator })}</p>
          </Alert>
        )}
      </div>
      {!(punchout && claim.status === 'eligible') && (
        <LiveRegion className={styles.status}>
          <h2 className={styles.statusTitle}>{sentence(words.title)}</h2>
          <p>{sentence(words.next)}</p>
          {claim.status === 'credit-issue-failure' && <ContactDetails />}
        </LiveRegion>
      )}
      {punchout && claim.status === 'eligible' && <PunchoutHandOff claim={claim} operator={operator} />}

      <ClaimFacts claim={claim} money={money} />

      {open && claim.estimate && <ClaimEstimate estimate={claim.estimate} operator={operator} money={money} />}
      {open && <ClaimForm snapshot={snapshot} send={send} claim={claim} />}
    </>
  );
}

function PunchoutHandOff({ claim, operator }: { claim: Claim; operator: string }) {
  return (
    <section className={styles.status} aria-labelledby="handoff-heading">
      <h2 id="handoff-heading" className={styles.statusTitle}>
        {m.delay_repay_screen_claim_on_s_website({ operator })}
      </h2>
      <p>
        {sentence(m.delay_repay_screen_handles_delay_repay_for_this({ operator }))}
        {claim.friendlyOrderId
          ? ` ${m.delay_repay_screen_have_your_order_reference_ready({ friendlyOrderId: claim.friendlyOrderId })}`
          : ''}
      </p>
      {claim.punchoutUrl ? (
        <p>
          <a className={styles.handOff} href={claim.punchoutUrl} target="_blank" rel="noopener noreferrer">
            {m.delay_repay_screen_continue_to_s_claim_form({ operator })}
          </a>
        </p>
      ) : (
        <p>{m.delay_repay_screen_search_for_delay_repay({ operator })}</p>
      )}
    </section>
  );
}

function ClaimFacts({ claim, money }: { claim: Claim; money: (n: number) => string }) {
  const { locale } = useServices();
  const submitted = claim.submitted;
  return (
    <section className={styles.section} aria-labelledby="claim-facts-heading">
      <h2 id="claim-facts-heading" className={styles.sectionTitle}>
        {m.delay_repay_screen_claim_details()}
      </h2>
      <dl className={styles.facts}>
        {claim.delayMinutes !== undefined && (
          <>
            <dt className={styles.term}>{m.delay_repay_screen_recorded_delay()}</dt>
            <dd className={styles.definition}>{m.delay_repay_screen_minutes({ delayMinutes: claim.delayMinutes })}</dd>
          </>
        )}
        <dt className={styles.term}>
          {claim.status === 'eligible'
            ? m.delay_repay_screen_estimated_compensation()
            : m.delay_repay_screen_compensation_to_you()}
        </dt>
        <dd className={styles.definition}>{money(claim.compensationToCustomer.amount)}</dd>
        <dt className={styles.term}>{m.delay_repay_screen_service_fee()}</dt>
        <dd className={styles.definition}>{money(claim.serviceFee.amount)}</dd>
        {claim.deadline && (claim.status === 'eligible' || claim.status === 'expired') && (
          <>
            <dt className={styles.term}>
              {claim.status === 'expired' ? m.delay_repay_screen_last_day_to_claim() : m.delay_repay_screen_claim_by()}
            </dt>
            <dd className={styles.definition}>{ukDate(claim.deadline, locale.tag)}</dd>
          </>
        )}
        {submitted && (
          <>
            <dt className={styles.term}>{m.delay_repay_screen_sent()}</dt>
            <dd className={styles.definition}>{ukDateTime(submitted.submittedAt, locale.tag)}</dd>
            <dt className={styles.term}>{m.delay_repay_screen_delay_you_gave()}</dt>
            <dd className={styles.definition}>
              {m.delay_repay_screen_minutes_value({ minutes: submitted.delay.minutes })}
            </dd>
            <dt className={styles.term}>{m.delay_repay_screen_payment_method()}</dt>
            <dd className={styles.definition}>
              {paymentLabels[submitted.paymentMethod.type]}
              {submitted.paymentMethod.accountEnding
                ? ` ${m.delay_repay_screen_account_ending({ accountEnding: submitted.paymentMethod.accountEnding })}`
                : ''}
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}
