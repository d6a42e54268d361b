import { createFileRoute } from '@tanstack/react-router';
import { SignInLinkPage } from './-components/sign-in-link/sign-in-link-page';

/** The emailed sign-in link (decision 400); the token comes in the hash and is taken once. */
export const Route = createFileRoute('/sign-in-link')({
  component: SignInLinkPage,
});
