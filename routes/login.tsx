import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from './-components/login-page';
import { LoginSearch } from './-components/login-search';
import { redirectIfSignedIn } from './-components/guards';

export const Route = createFileRoute('/login')({
  validateSearch: LoginSearch,
  beforeLoad: redirectIfSignedIn,
  component: function Login() {
    const { redirect, provider, providerError } = Route.useSearch();
    return (
      <LoginPage
        redirect={redirect}
        mode="login"
        providerError={provider && providerError ? { provider, error: providerError } : null}
      />
    );
  },
});
