import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from './-components/login-page';
import { LoginSearch } from './-components/login-search';
import { redirectIfSignedIn } from './-components/guards';

/** /register renders the login page (docs/product/screens.md). */
export const Route = createFileRoute('/register')({
  validateSearch: LoginSearch,
  beforeLoad: redirectIfSignedIn,
  component: function Register() {
    const { redirect, provider, providerError } = Route.useSearch();
    return (
      <LoginPage
        redirect={redirect}
        mode="register"
        providerError={provider && providerError ? { provider, error: providerError } : null}
      />
    );
  },
});
