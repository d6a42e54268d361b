/**
 * Copy for the verified change of email (decision 150; not in the spec). Plain constants and
 * functions so the i18n catalogue can take them over mechanically.
 */
export const changeEmailSentCopy = {
  title: 'Check your new inbox',
  body: (email: string) =>
    `We've sent a confirmation link to ${email}. Your email address will change when you follow that link, which works for 24 hours. Until then, keep signing in with your current email address.`,
} as const;

export const confirmEmailCopy = {
  pageTitle: 'Confirm your new email address',
  checking: 'Confirming your new email address…',
  confirmed: (email: string) => `Your email address has been changed to ${email}.`,
  signInRequired: (email: string) =>
    `Your email address has been changed to ${email}. Please sign in with your new email address.`,
  expired:
    'This confirmation link has expired or has already been used. You can ask for a new one from your account controls.',
  emailTaken: 'An account already exists with this email address, so we could not change yours to it.',
  failed: 'We could not confirm your new email address right now. Please try again.',
  retry: 'Try again',
  toAccountControls: 'Go to account controls',
  toSignIn: 'Sign in',
} as const;
