import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { safeRedirectPath } from '#src/redirect';

/** /redirect?to=…: follows only same-origin paths under /my-account; anything else goes to bookings. */
export const Route = createFileRoute('/redirect')({
  validateSearch: v.object({ to: v.optional(v.pipe(v.string(), v.maxLength(2048))) }),
  beforeLoad: ({ search }) => {
    throw redirect({ to: safeRedirectPath(search.to) as '/', replace: true });
  },
});
