import { useEffect, useRef } from 'react';
import type { FirstData } from '#machines/lib/first-data';
import type { MarketingAction, MarketingOutcome } from '#machines/contact-preferences';
import { contactPreferencesMessages as messages } from '#src/copy/contact-preferences';
import type { ConsentsResponse, ContactPreference } from '#src/schemas/consents';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { Loading } from '#src/ui/page';
import * as styles from './contact-preferences.css';
import { contactPreferencesFlow } from './contact-preferences.flow';
import { m } from '#src/paraglide/messages.js';

const outcomeTone: Record<MarketingOutcome, 'success' | 'error'> = {
  unsubscribed: 'success',
  subscribed: 'success',
  unsubscribedErrors: 'error',
  subscribedErrors: 'error',
};

const switchId = (id: string) => `consent-${id}`;
/** Beside the consent whose save failed (the page's alert says it in full). */
const notSaved = m.contact_preferences_panel_not_saved_please_try_again();
const optInId = (id: string) => `consent-${id}-opt-in`;

/**
 * The contact preferences of whoever the API calls identify: the signed-in customer
 * (/contact-preferences) or the customer of a marketing email link (/contact-preferences-token), through
 * its binding (contact-preferences.flow.ts).
 * Each change is saved at once (optimistic flip, then the server's answer). `first`: the consents the
 * signed-in route loaded (docs/decisions/730); without it the chart fetches them.
 */
export function ContactPreferencesPanel({
  action = null,
  first,
}: {
  action?: MarketingAction | null;
  first?: FirstData<ConsentsResponse> | undefined;
}) {
  const [snapshot, send] = contactPreferencesFlow.useFlow({ input: { action, first: first ?? null } });
  const { consents, pending, lastChangedId, revoked, updateError, saved, outcome } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const loaded = snapshot.matches('loaded') || snapshot.matches('saving');

  // After an opt-in/opt-out answer the prompt becomes a switch: keep keyboard focus on that consent.
  // A ref, not state: the answer's event changes the snapshot, which runs this effect anyway.
  const focusId = useRef<string | null>(null);
  useEffect(() => {
    const id = focusId.current;
    if (!id) return;
    (document.getElementById(switchId(id)) ?? document.getElementById(optInId(id)))?.focus();
    if (snapshot.matches('loaded')) focusId.current = null;
  }, [snapshot]);

  const select = (id: string, selected: boolean) => send({ type: 'consent.select', id, selected });

  return (
    <div className={styles.panel} aria-busy={busy || undefined}>
      {outcome && <Alert tone={outcomeTone[outcome]}>{messages[outcome]}</Alert>}
      {saved === 'firstTime' && <Alert tone="success">{messages.firstTimeSaved}</Alert>}
      {saved === 'updated' && <Alert tone="success">{messages.saved}</Alert>}
      {updateError && <Alert tone="error">{messages.updateError}</Alert>}

      {snapshot.matches('failed') && (
        <>
          <Alert tone="error">{messages.fetchError}</Alert>
          <Button onClick={() => send({ type: 'consents.retry' })}>{m.common_try_again()}</Button>
        </>
      )}

      {consents.length === 0 &&
        !snapshot.matches('failed') &&
        (snapshot.matches('revoking') ? (
          <Loading label={m.contact_preferences_panel_unsubscribing_you()} />
        ) : snapshot.matches('restoring') ? (
          <Loading label={m.contact_preferences_panel_resubscribing_you()} />
        ) : snapshot.matches('loaded') ? (
          <p>{messages.empty}</p>
        ) : (
          <Loading label={m.contact_preferences_panel_loading_your_contact_preferences()} />
        ))}

      {consents.length > 0 && (
        <>
          <ul className={styles.list} aria-label={m.contact_preferences_panel_marketing_preferences()}>
            {consents.map((consent) =>
              consent.hasEverBeenUpdated ? (
                <ConsentSwitch
                  key={consent.id}
                  consent={consent}
                  saving={pending?.id === consent.id}
                  failed={updateError && lastChangedId === consent.id}
                  locked={!loaded || (pending !== null && pending.id !== consent.id)}
                  onChange={(selected) => select(consent.id, selected)}
                />
              ) : (
                <ConsentPrompt
                  key={consent.id}
                  consent={consent}
                  locked={!snapshot.matches('loaded')}
                  failed={updateError && lastChangedId === consent.id}
                  onChoose={(selected) => {
                    focusId.current = consent.id;
                    select(consent.id, selected);
                  }}
                />
              ),
            )}
          </ul>

          <section className={styles.marketing} aria-labelledby="stop-marketing-heading">
            <h2 id="stop-marketing-heading" className={styles.marketingHeading}>
              {revoked
                ? m.contact_preferences_panel_you_have_unsubscribed_from_all()
                : m.contact_preferences_panel_stop_all_marketing()}
            </h2>
            <p>
              {revoked
                ? m.contact_preferences_panel_changed_your_mind_resubscribe_to()
                : m.contact_preferences_panel_turn_off_every_marketing_preference()}
            </p>
            <Button
              tone="secondary"
              busy={snapshot.matches('revoking') || snapshot.matches('restoring')}
              busyLabel={
                snapshot.matches('revoking')
                  ? m.contact_preferences_panel_unsubscribing()
                  : m.contact_preferences_panel_resubscribing()
              }
              aria-disabled={!snapshot.matches('loaded') || undefined}
              onClick={() => send({ type: revoked ? 'marketing.restore' : 'marketing.revoke' })}
            >
              {revoked
                ? m.contact_preferences_panel_resubscribe()
                : m.contact_preferences_panel_unsubscribe_from_all_marketing()}
            </Button>
          </section>
        </>
      )}
    </div>
  );
}

function ConsentSwitch({
  consent,
  saving,
  failed,
  locked,
  onChange,
}: {
  consent: ContactPreference;
  saving: boolean;
  failed: boolean;
  locked: boolean;
  onChange: (selected: boolean) => void;
}) {
  const id = switchId(consent.id);
  return (
    <li className={styles.row}>
      <div className={styles.text}>
        {consent.preBody && <p className={styles.preBody}>{consent.preBody}</p>}
        <label htmlFor={id} className={styles.title}>
          {consent.title}
        </label>
        {consent.description && (
          <p id={`${id}-description`} className={styles.description}>
            {consent.description}
          </p>
        )}
        {failed && <p className={styles.rowError}>{notSaved}</p>}
      </div>
      <div className={styles.control}>
        <span aria-hidden="true" className={styles.stateText}>
          {saving
            ? m.common_saving()
            : consent.selected
              ? m.contact_preferences_panel_on()
              : m.contact_preferences_panel_off()}
        </span>
        <span className={styles.switchBox}>
          {/* Not `disabled` while another change saves: a disabled control would drop keyboard focus. */}
          <input
            id={id}
            type="checkbox"
            role="switch"
            className={styles.switchInput}
            checked={consent.selected}
            aria-checked={consent.selected}
            aria-busy={saving || undefined}
            aria-disabled={locked || undefined}
            {...(consent.description ? { 'aria-describedby': `${id}-description` } : {})}
            onChange={(e) => {
              if (!locked) onChange(e.target.checked);
            }}
          />
          <span className={styles.track} aria-hidden="true" />
        </span>
      </div>
    </li>
  );
}

function ConsentPrompt({
  consent,
  locked,
  failed,
  onChoose,
}: {
  consent: ContactPreference;
  locked: boolean;
  failed: boolean;
  onChoose: (selected: boolean) => void;
}) {
  const prompt = consent.missingCategoryDescriptor;
  const headingId = `consent-${consent.id}-prompt`;
  return (
    <li className={styles.prompt}>
      <p className={styles.preBody}>{consent.title}</p>
      <h2 id={headingId} className={styles.promptTitle}>
        {prompt.title}
      </h2>
      {prompt.description && <p className={styles.description}>{prompt.description}</p>}
      {failed && <p className={styles.rowError}>{notSaved}</p>}
      <div className={styles.promptActions}>
        <Button id={optInId(consent.id)} aria-disabled={locked || undefined} onClick={() => !locked && onChoose(true)}>
          {prompt.optInCopy}
        </Button>
        <Button tone="secondary" aria-disabled={locked || undefined} onClick={() => !locked && onChoose(false)}>
          {prompt.optOutCopy}
        </Button>
      </div>
    </li>
  );
}
