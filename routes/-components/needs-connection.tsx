import { m } from '#src/paraglide/messages.js';

/**
 * Why a control that needs the server is disabled offline (decision 251): give the control
 * `aria-describedby={id}`. Its own module, apart from the banner, so the first route's chunk does not
 * split for it.
 */
export function NeedsConnection({ id }: { id: string }) {
  return <p id={id}>{m.offline_needs_connection()}</p>;
}
