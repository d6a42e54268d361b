import { Link } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  claimFormErrors,
  delayRepayMachine,
  delayRepayMessages,
  type ClaimForm as ClaimFormValues,
  type ClaimFormField,
} from '#machines/delay-repay';
import { delayRepayApi } from '#src/api/delay-repay';
import { schemaMismatchMessage } from '#src/api/errors';
import { newKeySeed } from '#src/api/idempotency';
import { formatMoney } from '#src/i18n/format';
import { paymentTypes, type Claim, type Direction } from '#src/schemas/delay-repay';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { bindField } from '#src/ui/field-binding';
import { FieldError } from '#src/ui/field-error';
import { shownErrors } from '#src/ui/form-state';
import { SubmitHint } from '#src/ui/submit-hint';
import { ErrorSummary, useSubmitAttempts } from '#src/ui/error-summary';
import { LoadError } from '#src/ui/load-error';
import { Loading, Page } from '#src/ui/page';
import { TextField } from '#src/ui/text-field';
import { ukDate, ukDateTime } from '../booking-format';
import { CheckAgain } from '../check-again';
import { estimateSteps, journeyLabel, paymentLabels, statusWords } from './delay-repay-copy';
import * as styles from './delay-repay.css';
import { ContactDetails } from '../contact-details';
import { m } from '#src/paraglide/messages.js';
import { LiveRegion } from '#src/ui/live-region';

type Snapshot = SnapshotFrom<typeof delayRepayMachine>;
type Send = ActorRefFrom<typeof delayRepayMachine>['send'];

const directionNames: Record<Direction, string> = { outward: m.delay_repay_screen_outward(), inward: m.common_return_journey() };

/**
 * A Delay Repay claim: /bookings/claim/{claimId} and /claims/{claimId} (signed in, `claimId`) and
 * /claim-token (no sign-in, `token` from the email link's URL hash). See machines/delay-repay.ts.
 */
export function DelayRepayScreen({ claimId, token }: { claimId: string | null; token: string | null }) {
  const { api, authActor, drafts } = useServices();
  const claims = useMemo(() => delayRepayApi(api), [api]);
  // What was typed before a 401 on submit, kept in memory for the account that typed it (decision 161):
  // never storage, since it holds the sort code and account number.
  const draftKey = `delay-repay:${claimId ?? ''}`;
  const currentAccount = () => authActor.getSnapshot().context.user?.id ?? null;
  const [initialDraft] = useState(() => (claimId ? (drafts.peek(draftKey, currentAccount()) as ClaimFormValues | null) : null));
  const [keySeed] = useState(newKeySeed);

  // A claim-token session's header belongs to this page: put back whatever was there when leaving it.
  useEffect(() => {
    if (!token) return;
    const previous = api.userFlowId;
    return () => api.setUserFlowId(previous);
  }, [api, token]);

  const [snapshot, send] = useMachine(
    delayRepayMachine.provide({
      actors: {
        startClaimFlow: fromPromise(({ input }) => claims.startClaimFlow(input.token)),
        fetchClaimToken: fromPromise(() => claims.getClaimToken()),
        fetchClaim: fromPromise(({ input }) => claims.getClaim(input.claimId)),
        submitClaim: fromPromise(({ input }) => {
          drafts.claim(draftKey, currentAccount());
          return claims.submitClaim(input.claimId, input.details, input.idempotencyKey);
        }),
      },
      actions: {
        applyUserFlow: (_, params) => api.setUserFlowId(`order.${params.session}`),
        keepDraft: (_, draft) => drafts.keep(draftKey, draft),
        dropDraft: () => drafts.drop(draftKey),
      },
    }),
    // Read-only here: the machine drops the draft once it is on screen.
    { input: { claimId, token, keySeed, draft: initialDraft } },
  );

  const viaLink = token !== null || snapshot.context.session !== null;
  const signIn = (
    <p>
      <Link to="/login" search={{ redirect: '/my-account/bookings/past' }}>{m.delay_repay_screen_sign_in_to_see_your()}</Link>
    </p>
  );

  if (snapshot.matches('noToken') || snapshot.matches('invalidToken')) {
    const invalid = snapshot.matches('invalidToken');
    return (
      <Page title={m.delay_repay_screen_delay_repay_claim()}>
        <Alert tone={invalid ? 'error' : 'info'} title={m.delay_repay_screen_we_couldnt_open_your_claim()}>
          <p>{invalid ? delayRepayMessages.invalidToken : delayRepayMessages.noToken}</p>
          {signIn}
        </Alert>
      </Page>
    );
  }
  if (snapshot.matches('linkNotOffered')) {
    // The host has no sessions from email links (a 404 from a call beyond SPEC section 7): not an error.
    return (
      <Page title={m.delay_repay_screen_delay_repay_claim()}>
        <Alert tone="info" title={m.delay_repay_screen_we_couldnt_open_your_claim()}>
          <p>{delayRepayMessages.linkNotOffered}</p>
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
        <LoadError message={delayRepayMessages.tokenFailed} onRetry={() => send({ type: 'claim.retry' })} />
      </Page>
    );
  }
  if (snapshot.matches('loadFailed') && snapshot.context.loadError === 'notFound') {
    // Not this customer's claim (or none such): trying again cannot help.
    return (
      <Page title={m.delay_repay_screen_delay_repay_claim()}>
        <Alert tone="error" title={m.delay_repay_screen_we_couldnt_open_this_claim()}>
          <p>{delayRepayMessages.notFound}</p>
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
          message={snapshot.context.loadError === 'schema' ? schemaMismatchMessage : delayRepayMessages.loadFailed}
          onRetry={() => send({ type: 'claim.retry' })}
        />
      </Page>
    );
  }
  const claim = snapshot.context.claim;
  if (!snapshot.matches('loaded') || !claim) {
    return (
      <Page title={m.delay_repay_screen_delay_repay_claim()}>
        <Loading label={snapshot.matches('loading') ? m.delay_repay_screen_loading_your_claim() : m.common_checking_your_link()} />
      </Page>
    );
  }
  return (
    <Page title={m.delay_repay_screen_delay_repay_claim()} intro={claimIntro(claim)}>
      {viaLink && <AccountOffer claim={claim} registered={snapshot.context.customerRegistered ?? claim.customerRegistered} />}
      <ClaimBody snapshot={snapshot} send={send} claim={claim} />
    </Page>
  );
}

function claimIntro(claim: Claim): ReactNode {
  const delayed = claim.journeys?.find((j) => j.direction === claim.delayedJourney) ?? claim.journeys?.[0];
  const route = delayed ? m.common_origin_to_destination({ origin: delayed.origin.name, destination: delayed.destination.name }) : null;
  const order = claim.friendlyOrderId ? m.delay_repay_screen_order({ friendlyOrderId: claim.friendlyOrderId }) : null;
  return [route, order].filter(Boolean).join(' · ') || undefined;
}

/** Opened from an email link: sign in, or (no account yet) register to keep claims together. */
function AccountOffer({ claim, registered }: { claim: Claim; registered: boolean }) {
  return registered ? (
    <Alert tone="info" title={m.delay_repay_screen_you_have_an_account_with()}>
      <p>
        <Link to="/login" search={{ redirect: `/my-account/claims/${claim.claimId}` }}>{m.delay_repay_screen_sign_in_to_see_this()}</Link>
      </p>
    </Alert>
  ) : (
    <Alert tone="info" title={m.delay_repay_screen_keep_track_of_your_claims()}>
      <p>{m.delay_repay_screen_create_an_account_to_see()}</p>
      <p>
        <Link to="/register">{m.delay_repay_screen_create_an_account()}</Link> · <Link to="/login">{m.common_sign_in()}</Link>
      </p>
    </Alert>
  );
}

function ClaimBody({ snapshot, send, claim }: { snapshot: Snapshot; send: Send; claim: Claim }) {
  const { locale, pageData } = useServices();
  // Spec: service fee and compensation to the customer in the portal's currency.
  const money = (n: number) => formatMoney(n, pageData.currency, locale.tag);
  const operator = claim.operator ?? m.delay_repay_screen_the_train_company();
  const words = statusWords(claim.status, {
    operator,
    amount: money(claim.compensationToCustomer.amount),
    deadline: claim.deadline ? ukDate(claim.deadline, locale.tag) : null,
    reason: claim.statusReason ?? null,
  });
  const punchout = snapshot.matches({ loaded: 'punchout' });
  const open =
    snapshot.matches({ loaded: 'editing' }) ||
    snapshot.matches({ loaded: 'submitting' }) ||
    snapshot.matches({ loaded: 'submitFailed' }) ||
    snapshot.matches({ loaded: 'checking' }) ||
    snapshot.matches({ loaded: 'unconfirmed' });

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
          <h2 className={styles.statusTitle}>{words.title}</h2>
          <p>{words.next}</p>
          {claim.status === 'credit-issue-failure' && <ContactDetails />}
        </LiveRegion>
      )}
      {punchout && claim.status === 'eligible' && <PunchoutHandOff claim={claim} operator={operator} />}

      <ClaimFacts claim={claim} money={money} />

      {open && claim.estimate && (
        <section className={styles.estimate} aria-labelledby="estimate-heading">
          <h2 id="estimate-heading" className={styles.sectionTitle}>{m.delay_repay_screen_your_estimated_compensation()}</h2>
          <p className={styles.estimateAmount}>{money(claim.estimate.toCustomer)}</p>
          <p className={styles.muted}>{m.delay_repay_screen_how_we_worked_it_out()}</p>
          <ol className={styles.steps}>
            {estimateSteps(claim.estimate, operator, money).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
          <p className={styles.muted}>{m.delay_repay_screen_makes_the_final_decision_from({ operator })}</p>
        </section>
      )}
      {open && <ClaimForm snapshot={snapshot} send={send} claim={claim} />}
    </>
  );
}

function PunchoutHandOff({ claim, operator }: { claim: Claim; operator: string }) {
  return (
    <section className={styles.status} aria-labelledby="handoff-heading">
      <h2 id="handoff-heading" className={styles.statusTitle}>{m.delay_repay_screen_claim_on_s_website({ operator })}</h2>
      <p>
        {m.delay_repay_screen_handles_delay_repay_for_this({ operator })}{claim.friendlyOrderId ? ` ${m.delay_repay_screen_have_your_order_reference_ready({ friendlyOrderId: claim.friendlyOrderId })}` : ''}
      </p>
      {claim.punchoutUrl ? (
        <p>
          <a className={styles.handOff} href={claim.punchoutUrl} target="_blank" rel="noopener noreferrer">{m.delay_repay_screen_continue_to_s_claim_form({ operator })}</a>
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
      <h2 id="claim-facts-heading" className={styles.sectionTitle}>{m.delay_repay_screen_claim_details()}</h2>
      <dl className={styles.facts}>
        {claim.delayMinutes !== undefined && (
          <>
            <dt className={styles.term}>{m.delay_repay_screen_recorded_delay()}</dt>
            <dd className={styles.definition}>{m.delay_repay_screen_minutes({ delayMinutes: claim.delayMinutes })}</dd>
          </>
        )}
        <dt className={styles.term}>{claim.status === 'eligible' ? m.delay_repay_screen_estimated_compensation() : m.delay_repay_screen_compensation_to_you()}</dt>
        <dd className={styles.definition}>{money(claim.compensationToCustomer.amount)}</dd>
        <dt className={styles.term}>{m.delay_repay_screen_service_fee()}</dt>
        <dd className={styles.definition}>{money(claim.serviceFee.amount)}</dd>
        {claim.deadline && (claim.status === 'eligible' || claim.status === 'expired') && (
          <>
            <dt className={styles.term}>{claim.status === 'expired' ? m.delay_repay_screen_last_day_to_claim() : m.delay_repay_screen_claim_by()}</dt>
            <dd className={styles.definition}>{ukDate(claim.deadline, locale.tag)}</dd>
          </>
        )}
        {submitted && (
          <>
            <dt className={styles.term}>{m.delay_repay_screen_sent()}</dt>
            <dd className={styles.definition}>{ukDateTime(submitted.submittedAt, locale.tag)}</dd>
            <dt className={styles.term}>{m.delay_repay_screen_delay_you_gave()}</dt>
            <dd className={styles.definition}>{m.delay_repay_screen_minutes_value({ minutes: submitted.delay.minutes })}</dd>
            <dt className={styles.term}>{m.delay_repay_screen_payment_method()}</dt>
            <dd className={styles.definition}>
              {paymentLabels[submitted.paymentMethod.type]}
              {submitted.paymentMethod.accountEnding ? ` ${m.delay_repay_screen_account_ending({ accountEnding: submitted.paymentMethod.accountEnding })}` : ''}
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

/** The form's questions in order, and each one's input name. */
const claimFieldOrder: readonly ClaimFormField[] = ['direction', 'delay', 'paymentType', 'sortCode', 'accountNumber'];
const claimFieldNames: Record<ClaimFormField, string> = {
  direction: 'journey',
  delay: 'delay',
  paymentType: 'paymentType',
  sortCode: 'sortCode',
  accountNumber: 'accountNumber',
};

function ClaimForm({ snapshot, send, claim }: { snapshot: Snapshot; send: Send; claim: Claim }) {
  const { locale } = useServices();
  const { values, touched, dirty, submitAttempted, submitError, draftRestored } = snapshot.context;
  // While the outcome of a sent claim is being checked, or is unknown, the form cannot send another.
  const checking = snapshot.matches({ loaded: 'checking' });
  const unconfirmed = snapshot.matches({ loaded: 'unconfirmed' });
  const submitting = snapshot.matches({ loaded: 'submitting' }) || checking || unconfirmed;
  const errors = claimFormErrors(values);
  const canSubmit = dirty && Object.keys(errors).length === 0 && !submitting;
  // A question answered (a radio chosen) counts as passed, so a field skipped before it shows its error.
  const visible = shownErrors({ touched, submitAttempted }, claimFieldOrder, errors, {
    direction: values.direction !== '',
    paymentType: values.paymentType !== '',
  });
  const { attempt, onRefused } = useSubmitAttempts(() => send({ type: 'form.submit' }));
  const field = (name: ClaimFormField) => bindField(send, name, values[name], visible[name]);
  const ids = { problem: useId(), hint: useId(), direction: useId(), payment: useId() };
  // The server's 422 is about the delay (under the operator's threshold): the field says so too
  // and takes the focus, so the customer lands where the change is needed.
  const delayRefused = submitError?.status === 422;
  useEffect(() => {
    if (delayRefused) document.querySelector<HTMLInputElement>('input[name="delay"]')?.focus();
  }, [delayRefused]);
  // The radio groups take the binding's value, change and error; they send no blur, as before.
  const directionField = field('direction');
  const paymentField = field('paymentType');
  const journeys: { direction: Direction; label: string }[] = claim.journeys?.length
    ? claim.journeys.map((j) => ({ direction: j.direction, label: journeyLabel(j, ukDateTime(j.departureTime, locale.tag)) }))
    : [{ direction: 'outward', label: directionNames.outward }];

  return (
    <section className={styles.section} aria-labelledby="claim-form-heading">
      <h2 id="claim-form-heading" className={styles.sectionTitle}>{m.delay_repay_screen_send_your_claim()}</h2>
      {draftRestored && <Alert tone="info">{delayRepayMessages.draftRestored}</Alert>}
      {submitError && (
        <Alert tone="error" title={submitError.message} id={ids.problem}>
          {submitError.detail && <p>{submitError.detail}</p>}
        </Alert>
      )}
      {checking && <Loading label={delayRepayMessages.checking} />}
      {unconfirmed && (
        <Alert tone="info">
          <p>{delayRepayMessages.unconfirmed}</p>
          <CheckAgain onCheck={() => send({ type: 'claim.check' })} />
        </Alert>
      )}
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'form.submit' });
        }}
      >
        <ErrorSummary attempt={attempt} errors={Object.fromEntries(claimFieldOrder.map((f) => [claimFieldNames[f], visible[f]]))} />
        {/* While the claim is sent or checked the radios are aria-disabled and ignore changes, not
            disabled: a disabled radio drops the focus to the page (decision 371, as Button does). */}
        <fieldset className={styles.fieldset} aria-describedby={directionField.error ? ids.direction : undefined}>          <legend className={styles.legend}>{m.delay_repay_screen_which_journey_was_delayed()}</legend>
          {journeys.map((j) => (
            <label key={j.direction} className={styles.radioRow}>
              <input
                type="radio"
                name="journey"
                required
                className={styles.radio}
                value={j.direction}
                checked={directionField.value === j.direction}
                aria-disabled={submitting || undefined}
                onChange={() => {
                  if (!submitting) directionField.onValueChange(j.direction);
                }}
              />
              <span>
                {directionNames[j.direction]}: {j.label}
              </span>
            </label>
          ))}
          <FieldError id={ids.direction} error={directionField.error} />
        </fieldset>
        <TextField
          label={m.delay_repay_screen_how_many_minutes_late_did()}
          name="delay"
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          hint={claim.delayMinutes !== undefined ? m.delay_repay_screen_the_train_companys_records_show({ delayMinutes: claim.delayMinutes }) : m.delay_repay_screen_in_whole_minutes_at_your()}
          readOnly={submitting}
          required
          problemId={delayRefused ? ids.problem : undefined}
          {...field('delay')}
        />
        <fieldset className={styles.fieldset} aria-describedby={paymentField.error ? ids.payment : undefined}>
          <legend className={styles.legend}>{m.delay_repay_screen_how_would_you_like_to()}</legend>
          {paymentTypes.map((type) => (
            <label key={type} className={styles.radioRow}>
              <input
                type="radio"
                name="paymentType"
                required
                className={styles.radio}
                value={type}
                checked={paymentField.value === type}
                aria-disabled={submitting || undefined}
                onChange={() => {
                  if (!submitting) paymentField.onValueChange(type);
                }}
              />
              {paymentLabels[type]}
            </label>
          ))}
          <FieldError id={ids.payment} error={paymentField.error} />
        </fieldset>
        {values.paymentType === 'bank-transfer' && (
          <>
            <TextField
              label={m.delay_repay_screen_sort_code()}
              name="sortCode"
              inputMode="numeric"
              autoComplete="off"
              maxLength={8}
              hint={m.delay_repay_screen_6_digits_for_example_40_12_34()}
              readOnly={submitting}
              required
              {...field('sortCode')}
            />
            <TextField
              label={m.delay_repay_screen_account_number()}
              name="accountNumber"
              inputMode="numeric"
              autoComplete="off"
              maxLength={10}
              hint={m.delay_repay_screen_8_digits()}
              readOnly={submitting}
              required
              {...field('accountNumber')}
            />
          </>
        )}
        <div className={styles.actions}>
          <Button type="submit" disabled={!canSubmit} busy={submitting && !unconfirmed} busyLabel={checking ? delayRepayMessages.checking : m.delay_repay_screen_sending_your_claim()} aria-describedby={ids.hint} onRefused={onRefused}>{m.delay_repay_screen_send_claim()}</Button>
          <SubmitHint id={ids.hint} fields={claimFieldOrder.filter((f) => errors[f]).map((f) => claimFieldNames[f])} active={!canSubmit && !submitting} />
        </div>
      </form>
    </section>
  );
}
