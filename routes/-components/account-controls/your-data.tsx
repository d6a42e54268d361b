import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { closeAccountValidators } from '#machines/close-account';
import { dataExportMessages } from '#src/copy/data-export';
import { closeAccountMessages } from '#src/copy/close-account';
import { tooManyAttemptsMessage } from '#src/copy/throttle';
import { authApi as makeAuthApi } from '#src/api/auth';
import { yourDataApi } from '#src/api/your-data';
import { retailer } from '#src/config/retailer';
import { formatDate } from '#src/i18n/format';
import type { FirstData } from '#machines/lib/first-data';
import type { DataExportState, OpenMatter } from '#src/schemas/your-data';
import { useConnection, useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { bindField } from '#src/ui/field-binding';
import { formView } from '#src/ui/form-state';
import * as formStyles from '#src/ui/form.css';
import { linkButton } from '#src/ui/link-button.css';
import { Loading } from '#src/ui/page';
import { SubmitHint } from '#src/ui/submit-hint';
import { TextField } from '#src/ui/text-field';
import { NeedsConnection } from '../needs-connection';
import * as styles from './account-controls.css';
import { m } from '#src/paraglide/messages.js';
import { dataExportFlow } from './data-export.flow';
import { closeAccountFlow } from './close-account.flow';

const dateOptions = { day: 'numeric', month: 'long', year: 'numeric' } as const;

const matterText = (matter: OpenMatter) =>
  matter.kind === 'refund'
    ? m.close_account_matter_refund({ reference: matter.reference })
    : matter.kind === 'claim'
      ? m.close_account_matter_claim({ reference: matter.reference })
      : m.close_account_matter_change({ reference: matter.reference });

/**
 * "Your data" on Account controls (decisions 610, 611): download a copy of everything the account
 * holds, and close the account. A host without these calls (404, e.g. an API shaped by
 * docs/product/api.md alone) gets the retailer's contact details instead. `first`: the export's
 * state its route loaded (docs/decisions/730); without it the chart asks for it.
 */
export function YourDataSection({ first }: { first?: FirstData<DataExportState> | undefined } = {}) {
  const { api, locale } = useServices();
  const calls = useMemo(() => yourDataApi(api), [api]);
  // The export's state its route loaded (docs/decisions/730), else the chart asks for it.
  const [snapshot, send] = dataExportFlow.useFlow({ input: { first } });
  const { offline } = useConnection();
  const offlineId = useId();
  const needsServer = offline ? { disabled: true, 'aria-describedby': offlineId } : {};
  const { requestedAt, expiresAt, error } = snapshot.context;
  const requesting = snapshot.matches('requested');
  // The request's button goes away once the file is being prepared: the focus moves to what replaced it.
  const status = useRef<HTMLDivElement>(null);
  const wasRequesting = useRef(false);
  useEffect(() => {
    if (wasRequesting.current && !requesting && document.activeElement === document.body) status.current?.focus();
    wasRequesting.current = requesting;
  }, [requesting]);

  if (snapshot.matches('absent')) {
    return (
      <section aria-labelledby="your-data-heading" id="your-data">
        <h2 id="your-data-heading" className={styles.heading}>
          {m.your_data_heading()}
        </h2>
        <p>{m.your_data_unavailable({ retailer: retailer.legalName })}</p>
        <ul>
          <li>{m.your_data_contact_email({ email: retailer.privacyContact.email })}</li>
          <li>{m.your_data_contact_phone({ phone: retailer.privacyContact.phone })}</li>
          <li>{m.your_data_contact_post({ address: [retailer.legalName, ...retailer.address].join(', ') })}</li>
        </ul>
      </section>
    );
  }

  return (
    <>
      <section aria-labelledby="your-data-heading" id="your-data">
        <h2 id="your-data-heading" className={styles.heading}>
          {m.your_data_export_heading()}
        </h2>
        <p className={styles.intro}>{m.your_data_export_intro()}</p>
        <p className={styles.intro}>{m.your_data_export_format()}</p>
        {snapshot.matches('loading') && <Loading />}
        <div aria-live="polite" ref={status} tabIndex={-1}>
          {error && <Alert tone="error">{dataExportMessages[error]}</Alert>}
          {(snapshot.matches('preparing') || snapshot.matches('checking')) && (
            <Alert tone="info">
              {m.your_data_export_preparing()}{' '}
              {requestedAt &&
                m.your_data_export_requested_at({ date: formatDate(requestedAt, locale.tag, dateOptions) })}
            </Alert>
          )}
          {snapshot.matches('ready') && <Alert tone="success">{m.your_data_export_ready()}</Alert>}
          {snapshot.matches('expired') && <p>{m.your_data_export_expired()}</p>}
        </div>
        {snapshot.matches('loadFailed') && (
          <Button onClick={() => send({ type: 'export.retry' })}>{m.common_try_again()}</Button>
        )}
        {offline && !snapshot.matches('loading') && <NeedsConnection id={offlineId} />}
        {(snapshot.matches('none') || snapshot.matches('expired') || requesting) && (
          <div className={styles.actions}>
            <Button
              busy={requesting}
              busyLabel={m.your_data_export_requesting()}
              disabled={requesting}
              onClick={() => send({ type: 'export.request' })}
              {...needsServer}
            >
              {m.your_data_export_request()}
            </Button>
          </div>
        )}
        {snapshot.matches('ready') && (
          <>
            <div className={styles.actions}>
              <a className={linkButton} href={calls.fileUrl} download>
                {m.your_data_export_download()}
              </a>
            </div>
            {expiresAt && (
              <p className={styles.intro}>
                {m.your_data_export_available_until({ date: formatDate(expiresAt, locale.tag, dateOptions) })}
              </p>
            )}
          </>
        )}
      </section>
      {!snapshot.matches('loading') && <CloseAccountSection />}
    </>
  );
}

function CloseAccountSection() {
  const { api, authActor } = useServices();
  const authApi = useMemo(() => makeAuthApi(api), [api]);
  const hasPassword = useSelector(authActor, (s) => s.context.user?.hasPassword);
  const [snapshot, send] = closeAccountFlow.useFlow({ input: { hasPassword } });
  const { offline } = useConnection();
  const closing = snapshot.matches('closing');
  const { context } = snapshot;
  const view = formView(context, closeAccountValidators, closing);
  const canSubmit = context.hasPassword ? view.canSubmit : !closing;
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const outcome = useRef<HTMLDivElement>(null);
  const confirming = snapshot.matches('confirming');
  const idle = snapshot.matches('idle');
  const startWrap = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);
  // Cancel closes the form: the focus goes back to the button that opened it, never to the page.
  useEffect(() => {
    if (idle && wasOpen.current) startWrap.current?.querySelector('button')?.focus();
    wasOpen.current = !idle;
  }, [idle]);
  const settled =
    snapshot.matches('refused') ||
    snapshot.matches('signInAgain') ||
    snapshot.matches('throttled') ||
    snapshot.matches('closed');
  // Focus follows the step: the form's heading when it opens, the outcome when the server answered.
  useEffect(() => {
    if (confirming && !context.dirty && context.error === null) confirmHeading.current?.focus();
  }, [confirming, context.dirty, context.error]);
  useEffect(() => {
    if (settled) outcome.current?.focus();
  }, [settled]);
  const signInAgain = async () => {
    await authApi.logout().catch(() => undefined);
    authActor.send({ type: 'auth.unauthorised' });
  };

  if (snapshot.matches('closed')) {
    return (
      <section aria-labelledby="close-account-heading" className={styles.subsection}>
        <h2 id="close-account-heading" className={styles.heading}>
          {m.close_account_heading()}
        </h2>
        <div ref={outcome} tabIndex={-1} role="status">
          <Alert tone="success" title={m.close_account_closed_title()}>
            {m.close_account_closed_body()}
          </Alert>
        </div>
        <Link to="/find-booking">{m.common_find_a_booking()}</Link>
      </section>
    );
  }

  return (
    <section aria-labelledby="close-account-heading" className={styles.subsection}>
      <h2 id="close-account-heading" className={styles.heading}>
        {m.close_account_heading()}
      </h2>
      <p>{m.close_account_intro()}</p>
      <ul>
        <li>{m.close_account_ends_sign_in()}</li>
        <li>{m.close_account_deletes()}</li>
        <li>{m.close_account_keeps_orders()}</li>
      </ul>
      <p className={styles.intro}>{m.close_account_open_matters_note()}</p>
      <p className={styles.intro}>{m.close_account_download_first()}</p>
      <div ref={outcome} tabIndex={-1} aria-live="polite">
        {snapshot.matches('refused') && (
          <Alert tone="error" title={m.close_account_refused_title()}>
            <p>{m.close_account_refused_intro()}</p>
            <ul>
              {context.matters.map((matter) => (
                <li key={`${matter.kind}-${matter.reference}`}>{matterText(matter)}</li>
              ))}
            </ul>
          </Alert>
        )}
        {snapshot.matches('signInAgain') && <Alert tone="error">{m.close_account_sign_in_again()}</Alert>}
        {snapshot.matches('throttled') && (
          <Alert tone="error">{tooManyAttemptsMessage(context.retryAfterSeconds)}</Alert>
        )}
      </div>
      {idle && (
        <div className={styles.actions} ref={startWrap}>
          <Button tone="secondary" onClick={() => send({ type: 'close.start' })} disabled={offline}>
            {m.close_account_start()}
          </Button>
        </div>
      )}
      {snapshot.matches('signInAgain') && (
        <div className={styles.actions}>
          <Button onClick={() => void signInAgain()}>{m.account_controls_change_email_form_sign_in_again()}</Button>
          <Button tone="secondary" onClick={() => send({ type: 'close.cancel' })}>
            {m.common_cancel()}
          </Button>
        </div>
      )}
      {(snapshot.matches('refused') || snapshot.matches('throttled')) && (
        <div className={styles.actions}>
          <Button tone="secondary" onClick={() => send({ type: 'close.cancel' })}>
            {m.common_cancel()}
          </Button>
        </div>
      )}
      {(confirming || closing) && (
        <form
          noValidate
          className={formStyles.form}
          aria-labelledby="close-account-confirm-heading"
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'form.submit' });
          }}
        >
          <h3 id="close-account-confirm-heading" ref={confirmHeading} tabIndex={-1}>
            {m.close_account_confirm_heading()}
          </h3>
          <div aria-live="polite">
            {context.error && <Alert tone="error">{closeAccountMessages[context.error]}</Alert>}
          </div>
          {context.hasPassword ? (
            <TextField
              label={m.close_account_password_label()}
              type="password"
              name="password"
              autoComplete="current-password"
              readOnly={closing}
              required
              {...bindField(send, 'password', context.values.password, view.errors.password)}
            />
          ) : (
            <p>{m.close_account_provider_note()}</p>
          )}
          <div className={formStyles.actions}>
            <Button
              type="submit"
              disabled={!canSubmit || offline}
              busy={closing}
              busyLabel={m.close_account_closing()}
              aria-describedby="close-account-submit-hint"
            >
              {m.close_account_confirm()}
            </Button>
            <Button tone="secondary" onClick={() => send({ type: 'close.cancel' })} disabled={closing}>
              {m.common_cancel()}
            </Button>
            <SubmitHint
              id="close-account-submit-hint"
              fields={view.blocking}
              active={context.hasPassword && !canSubmit && !closing}
            />
          </div>
        </form>
      )}
    </section>
  );
}
