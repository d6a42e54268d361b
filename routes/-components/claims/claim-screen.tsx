import { Link } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  claimFormErrors,
  delayRepayMachine,
  delayRepayMessages,
  type ClaimFormField,
} from '#machines/delay-repay';
import { claimsApi } from '#src/api/claims';
import { schemaMismatchMessage } from '#src/api/errors';
import { formatMoney } from '#src/i18n/format';
import { paymentTypes, type Claim, type Direction } from '#src/schemas/claims';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import * as fieldStyles from '#src/ui/field.css';
import { LoadError } from '#src/ui/load-error';
import { Loading, Page } from '#src/ui/page';
import { TextField } from '#src/ui/text-field';
import { ukDate, ukDateTime } from '../booking-format';
import { estimateSteps, journeyLabel, paymentLabels, statusWords } from './claim-copy';
import * as styles from './claims.css';

type Snapshot = SnapshotFrom<typeof delayRepayMachine>;
type Send = ActorRefFrom<typeof delayRepayMachine>['send'];

const directionNames: Record<Direction, string> = { outward: 'Outward journey', inward: 'Return journey' };

/**
 * A Delay Repay claim: /bookings/claim/{claimId} and /claims/{claimId} (signed in, `claimId`) and
 * /claim-token (no sign-in, `token` from the email link's URL hash). See machines/delay-repay.ts.
 */
export function ClaimScreen({ claimId, token }: { claimId: string | null; token: string | null }) {
  const { api } = useServices();
  const claims = useMemo(() => claimsApi(api), [api]);

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
        submitClaim: fromPromise(({ input }) => claims.submitClaim(input.claimId, input.details)),
      },
      actions: { applyUserFlow: (_, params) => api.setUserFlowId(`order.${params.session}`) },
    }),
    { input: { claimId, token } },
  );

  const viaLink = token !== null || snapshot.context.session !== null;
  const signIn = (
    <p>
      <Link to="/login" search={{ redirect: '/my-account/bookings/past' }}>
        Sign in to see your bookings and claims
      </Link>
    </p>
  );

  if (snapshot.matches('noToken') || snapshot.matches('invalidToken')) {
    const invalid = snapshot.matches('invalidToken');
    return (
      <Page title="Delay Repay claim">
        <Alert tone={invalid ? 'error' : 'info'} title="We couldn't open your claim">
          <p>{invalid ? delayRepayMessages.invalidToken : delayRepayMessages.noToken}</p>
          {signIn}
        </Alert>
      </Page>
    );
  }
  if (snapshot.matches('tokenFailed')) {
    return (
      <Page title="Delay Repay claim">
        <LoadError message={delayRepayMessages.tokenFailed} onRetry={() => send({ type: 'claim.retry' })} />
      </Page>
    );
  }
  if (snapshot.matches('loadFailed') && snapshot.context.loadError === 'notFound') {
    // Not this customer's claim (or none such): trying again cannot help.
    return (
      <Page title="Delay Repay claim">
        <Alert tone="error" title="We couldn't open this claim">
          <p>{delayRepayMessages.notFound}</p>
          <p>
            <Link to="/bookings/past">See your past bookings</Link>
          </p>
        </Alert>
      </Page>
    );
  }
  if (snapshot.matches('loadFailed')) {
    return (
      <Page title="Delay Repay claim">
        <LoadError
          title="We couldn't load your claim"
          message={snapshot.context.loadError === 'schema' ? schemaMismatchMessage : delayRepayMessages.loadFailed}
          onRetry={() => send({ type: 'claim.retry' })}
        />
      </Page>
    );
  }
  const claim = snapshot.context.claim;
  if (!snapshot.matches('loaded') || !claim) {
    return (
      <Page title="Delay Repay claim">
        <Loading label={snapshot.matches('loading') ? 'Loading your claim…' : 'Checking your link…'} />
      </Page>
    );
  }
  return (
    <Page title="Delay Repay claim" intro={claimIntro(claim)}>
      {viaLink && <AccountOffer claim={claim} registered={snapshot.context.customerRegistered ?? claim.customerRegistered} />}
      <ClaimBody snapshot={snapshot} send={send} claim={claim} />
    </Page>
  );
}

function claimIntro(claim: Claim): ReactNode {
  const delayed = claim.journeys?.find((j) => j.direction === claim.delayedJourney) ?? claim.journeys?.[0];
  const route = delayed ? `${delayed.origin.name} to ${delayed.destination.name}` : null;
  const order = claim.friendlyOrderId ? `Order ${claim.friendlyOrderId}` : null;
  return [route, order].filter(Boolean).join(' · ') || undefined;
}

/** Opened from an email link: sign in, or (no account yet) register to keep claims together. */
function AccountOffer({ claim, registered }: { claim: Claim; registered: boolean }) {
  return registered ? (
    <Alert tone="info" title="You have an account with us">
      <p>
        <Link to="/login" search={{ redirect: `/my-account/claims/${claim.claimId}` }}>
          Sign in to see this claim with your bookings
        </Link>
      </p>
    </Alert>
  ) : (
    <Alert tone="info" title="Keep track of your claims">
      <p>Create an account to see your bookings and Delay Repay claims in one place, or sign in if you already have one.</p>
      <p>
        <Link to="/register">Create an account</Link> · <Link to="/login">Sign in</Link>
      </p>
    </Alert>
  );
}

function ClaimBody({ snapshot, send, claim }: { snapshot: Snapshot; send: Send; claim: Claim }) {
  const { locale, pageData } = useServices();
  // Spec: service fee and compensation to the customer in the portal's currency.
  const money = (n: number) => formatMoney(n, pageData.currency, locale.tag);
  const operator = claim.operator ?? 'The train company';
  const words = statusWords(claim.status, {
    operator,
    amount: money(claim.compensationToCustomer.amount),
    deadline: claim.deadline ? ukDate(claim.deadline, locale.tag) : null,
    reason: claim.statusReason ?? null,
  });
  const punchout = snapshot.matches({ loaded: 'punchout' });
  const open = snapshot.matches({ loaded: 'editing' }) || snapshot.matches({ loaded: 'submitting' }) || snapshot.matches({ loaded: 'submitFailed' });

  return (
    <>
      {snapshot.context.justSubmitted && (
        <Alert tone="success" title="Thank you, your claim has been sent">
          <p>We've sent your claim to {operator}. We'll email you when there's news.</p>
        </Alert>
      )}
      {!(punchout && claim.status === 'eligible') && (
        <div className={styles.status} role="status">
          <h2 className={styles.statusTitle}>{words.title}</h2>
          <p>{words.next}</p>
        </div>
      )}
      {punchout && claim.status === 'eligible' && <PunchoutHandOff claim={claim} operator={operator} />}

      <ClaimFacts claim={claim} money={money} />

      {open && claim.estimate && (
        <section className={styles.estimate} aria-labelledby="estimate-heading">
          <h2 id="estimate-heading" className={styles.sectionTitle}>
            Your estimated compensation
          </h2>
          <p className={styles.estimateAmount}>{money(claim.estimate.toCustomer)}</p>
          <p className={styles.muted}>How we worked it out:</p>
          <ol className={styles.steps}>
            {estimateSteps(claim.estimate, operator, money).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
          <p className={styles.muted}>{operator} makes the final decision from its own records.</p>
        </section>
      )}
      {open && <ClaimForm snapshot={snapshot} send={send} claim={claim} />}
    </>
  );
}

function PunchoutHandOff({ claim, operator }: { claim: Claim; operator: string }) {
  return (
    <section className={styles.status} aria-labelledby="handoff-heading">
      <h2 id="handoff-heading" className={styles.statusTitle}>
        Claim on {operator}'s website
      </h2>
      <p>
        {operator} handles Delay Repay for this journey on its own website, so there's nothing to fill in here.
        {claim.friendlyOrderId ? ` Have your order reference ${claim.friendlyOrderId} ready.` : ''}
      </p>
      {claim.punchoutUrl ? (
        <p>
          <a className={styles.handOff} href={claim.punchoutUrl} target="_blank" rel="noopener noreferrer">
            Continue to {operator}'s claim form (opens in a new tab)
          </a>
        </p>
      ) : (
        <p>Search for "{operator} Delay Repay" to find its claim form.</p>
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
        Claim details
      </h2>
      <dl className={styles.facts}>
        {claim.delayMinutes !== undefined && (
          <>
            <dt className={styles.term}>Recorded delay</dt>
            <dd className={styles.definition}>{claim.delayMinutes} minutes</dd>
          </>
        )}
        <dt className={styles.term}>{claim.status === 'eligible' ? 'Estimated compensation' : 'Compensation to you'}</dt>
        <dd className={styles.definition}>{money(claim.compensationToCustomer.amount)}</dd>
        <dt className={styles.term}>Service fee</dt>
        <dd className={styles.definition}>{money(claim.serviceFee.amount)}</dd>
        {claim.deadline && (claim.status === 'eligible' || claim.status === 'expired') && (
          <>
            <dt className={styles.term}>{claim.status === 'expired' ? 'Last day to claim' : 'Claim by'}</dt>
            <dd className={styles.definition}>{ukDate(claim.deadline, locale.tag)}</dd>
          </>
        )}
        {submitted && (
          <>
            <dt className={styles.term}>Sent</dt>
            <dd className={styles.definition}>{ukDateTime(submitted.submittedAt, locale.tag)}</dd>
            <dt className={styles.term}>Delay you gave</dt>
            <dd className={styles.definition}>{submitted.delay.minutes} minutes</dd>
            <dt className={styles.term}>Payment method</dt>
            <dd className={styles.definition}>
              {paymentLabels[submitted.paymentMethod.type]}
              {submitted.paymentMethod.accountEnding ? ` (account ending ${submitted.paymentMethod.accountEnding})` : ''}
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

function ClaimForm({ snapshot, send, claim }: { snapshot: Snapshot; send: Send; claim: Claim }) {
  const { locale } = useServices();
  const { form, touched, dirty, submitAttempted, submitError } = snapshot.context;
  const submitting = snapshot.matches({ loaded: 'submitting' });
  const errors = claimFormErrors(form);
  const canSubmit = dirty && Object.keys(errors).length === 0 && !submitting;
  const shown = (field: ClaimFormField) => (touched[field] || submitAttempted ? (errors[field] ?? null) : null);
  const change = (field: ClaimFormField) => (value: string) => send({ type: 'form.change', field, value });
  const blur = (field: ClaimFormField) => () => send({ type: 'form.blur', field });
  const journeys: { direction: Direction; label: string }[] = claim.journeys?.length
    ? claim.journeys.map((j) => ({ direction: j.direction, label: journeyLabel(j, ukDateTime(j.departureTime, locale.tag)) }))
    : [{ direction: 'outward', label: directionNames.outward }];

  return (
    <section className={styles.section} aria-labelledby="claim-form-heading">
      <h2 id="claim-form-heading" className={styles.sectionTitle}>
        Send your claim
      </h2>
      {submitError && (
        <Alert tone="error" title={submitError.message}>
          {submitError.detail && <p>{submitError.detail}</p>}
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
        <fieldset className={styles.fieldset} disabled={submitting}>
          <legend className={styles.legend}>Which journey was delayed?</legend>
          {journeys.map((j) => (
            <label key={j.direction} className={styles.radioRow}>
              <input
                type="radio"
                name="journey"
                className={styles.radio}
                value={j.direction}
                checked={form.direction === j.direction}
                onChange={() => change('direction')(j.direction)}
              />
              <span>
                {directionNames[j.direction]}: {j.label}
              </span>
            </label>
          ))}
          {shown('direction') && <span className={fieldStyles.error}>{shown('direction')}</span>}
        </fieldset>
        <TextField
          label="How many minutes late did you arrive?"
          name="delay"
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          hint={claim.delayMinutes !== undefined ? `The train company's records show ${claim.delayMinutes} minutes.` : 'In whole minutes, at your destination.'}
          value={form.delay}
          disabled={submitting}
          onValueChange={change('delay')}
          onBlur={blur('delay')}
          error={shown('delay')}
        />
        <fieldset className={styles.fieldset} disabled={submitting}>
          <legend className={styles.legend}>How would you like to be paid?</legend>
          {paymentTypes.map((type) => (
            <label key={type} className={styles.radioRow}>
              <input
                type="radio"
                name="paymentType"
                className={styles.radio}
                value={type}
                checked={form.paymentType === type}
                onChange={() => change('paymentType')(type)}
              />
              {paymentLabels[type]}
            </label>
          ))}
          {shown('paymentType') && <span className={fieldStyles.error}>{shown('paymentType')}</span>}
        </fieldset>
        {form.paymentType === 'bank-transfer' && (
          <>
            <TextField
              label="Sort code"
              name="sortCode"
              inputMode="numeric"
              autoComplete="off"
              maxLength={8}
              hint="6 digits, for example 40-12-34"
              value={form.sortCode}
              disabled={submitting}
              onValueChange={change('sortCode')}
              onBlur={blur('sortCode')}
              error={shown('sortCode')}
            />
            <TextField
              label="Account number"
              name="accountNumber"
              inputMode="numeric"
              autoComplete="off"
              maxLength={10}
              hint="8 digits"
              value={form.accountNumber}
              disabled={submitting}
              onValueChange={change('accountNumber')}
              onBlur={blur('accountNumber')}
              error={shown('accountNumber')}
            />
          </>
        )}
        <div className={styles.actions}>
          <Button type="submit" disabled={!canSubmit} busy={submitting} busyLabel="Sending your claim…">
            Send claim
          </Button>
        </div>
      </form>
    </section>
  );
}
