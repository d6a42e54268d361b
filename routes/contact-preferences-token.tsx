import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { preferencesTokenMessages as messages } from '#src/copy/preferences-token';
import { useServices } from '#src/services';
import { Alert } from '#src/ui/alert';
import { Button } from '#src/ui/button';
import { Loading, Page } from '#src/ui/page';
import { ContactPreferencesPanel } from './-components/contact-preferences/contact-preferences-panel';
import { m } from '#src/paraglide/messages.js';
import { preferencesTokenFlow } from './-components/contact-preferences/preferences-token.flow';

/** `?action=unsubscribe|resubscribe` from a marketing email link; anything else is ignored. */
const Search = v.object({
  action: v.fallback(v.optional(v.picklist(['unsubscribe', 'resubscribe'])), undefined),
});

/**
 * Contact preferences without signing in, through the token of a marketing email link
 * (`#token=...`, taken from the address bar at start-up). The token becomes a customer-flow
 * user-flow session (`x-user-flow-id: customer.{session}`) for as long as this page is open.
 */
export const Route = createFileRoute('/contact-preferences-token')({
  validateSearch: Search,
  component: ContactPreferencesTokenPage,
});

function ContactPreferencesTokenPage() {
  const { api, hashToken } = useServices();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // Read once: the link's token (in memory only) and the action it asked for.
  const [arrival] = useState(() => ({ token: hashToken.take(), action: search.action ?? null }));

  // The customer-flow header belongs to this page: put back whatever was there when leaving it.
  useEffect(() => {
    const previous = api.userFlowId;
    return () => api.setUserFlowId(previous);
  }, [api]);
  // The action runs once; a reload or a shared address must not repeat it.
  useEffect(() => {
    if (search.action) void navigate({ search: {}, replace: true });
  }, [search.action, navigate]);

  const [snapshot, send] = preferencesTokenFlow.useFlow({ input: { token: arrival.token } });

  const signIn = (
    <p>
      <Link to="/login" search={{ redirect: '/my-account/contact-preferences' }}>
        {m.route_contact_preferences_token_sign_in_to_manage_your()}
      </Link>
    </p>
  );

  return (
    <Page
      title={m.common_contact_preferences()}
      intro={snapshot.matches('ready') ? m.route_contact_preferences_token_choose_the_marketing_youd_like() : undefined}
    >
      {(snapshot.matches('checking') || snapshot.matches('exchanging')) && (
        <Loading label={m.common_checking_your_link()} />
      )}
      {snapshot.matches('failed') && (
        <>
          <Alert tone="error">{messages.failed}</Alert>
          <Button onClick={() => send({ type: 'token.retry' })}>{m.common_try_again()}</Button>
        </>
      )}
      {snapshot.matches('invalidToken') && (
        <Alert tone="error" title={m.route_contact_preferences_token_we_couldnt_open_your_contact()}>
          <p>{messages.invalidToken}</p>
          {signIn}
        </Alert>
      )}
      {snapshot.matches('linkNotOffered') && (
        <Alert tone="info" title={m.route_contact_preferences_token_we_couldnt_open_your_contact()}>
          <p>{messages.linkNotOffered}</p>
          {signIn}
        </Alert>
      )}
      {snapshot.matches('noToken') && (
        <Alert tone="info" title={m.route_contact_preferences_token_we_couldnt_open_your_contact()}>
          <p>{messages.noToken}</p>
          {signIn}
        </Alert>
      )}
      {snapshot.matches('ready') && <ContactPreferencesPanel action={arrival.action} />}
    </Page>
  );
}
