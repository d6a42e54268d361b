/**
 * Which OpenID Connect providers customers may sign in with (docs/decisions/360-oidc-sign-in.md).
 * Each comes from three variables, OIDC_{GOOGLE|FACEBOOK|APPLE}_{ISSUER|CLIENT_ID|CLIENT_SECRET};
 * a provider missing any of them is not offered (the login page shows no button for it).
 */
export const SIGN_IN_PROVIDERS = ['google', 'facebook', 'apple'] as const;
export type SignInProvider = (typeof SIGN_IN_PROVIDERS)[number];

export type OidcProviderConfig = {
  id: SignInProvider;
  /** The issuer's URL; its /.well-known/openid-configuration is read once, on first use. */
  issuer: string;
  clientId: string;
  clientSecret: string;
};

export const isSignInProvider = (value: string): value is SignInProvider =>
  (SIGN_IN_PROVIDERS as readonly string[]).includes(value);

/** A plain-http issuer is accepted only on this machine (the local stand-in provider). */
export const isLoopbackHttp = (issuer: URL): boolean =>
  issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);

export function oidcProvidersFromEnv(
  env: Record<string, string | undefined>,
  warn: (message: string) => void = console.warn,
): OidcProviderConfig[] {
  const providers: OidcProviderConfig[] = [];
  for (const id of SIGN_IN_PROVIDERS) {
    const prefix = `OIDC_${id.toUpperCase()}_`;
    const issuer = env[`${prefix}ISSUER`]?.trim();
    const clientId = env[`${prefix}CLIENT_ID`]?.trim();
    const clientSecret = env[`${prefix}CLIENT_SECRET`];
    if (!issuer && !clientId && !clientSecret) continue;
    if (!issuer || !clientId || !clientSecret) {
      warn(
        `${prefix}ISSUER, ${prefix}CLIENT_ID and ${prefix}CLIENT_SECRET must all be set; sign-in with ${id} is off.`,
      );
      continue;
    }
    let url: URL;
    try {
      url = new URL(issuer);
    } catch {
      warn(`${prefix}ISSUER=${issuer} is not a URL; sign-in with ${id} is off.`);
      continue;
    }
    if (url.protocol !== 'https:' && !isLoopbackHttp(url)) {
      warn(`${prefix}ISSUER must be https (plain http only on 127.0.0.1); sign-in with ${id} is off.`);
      continue;
    }
    providers.push({ id, issuer, clientId, clientSecret });
  }
  return providers;
}
