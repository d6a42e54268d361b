/** Minimum password rule for registration and resets: 8+ characters with a letter and a digit. */
export function isStrongPassword(password: string): boolean {
  return password.length >= 8 && /\p{L}/u.test(password) && /\p{Nd}/u.test(password);
}

export const PASSWORD_MAX_LENGTH = 256;

export type ChangePasswordProblem = 'PASSWORD_EQUALS_TO_NAME' | 'PASSWORD_EQUALS_TO_EMAIL' | 'PASSWORD_GENERIC_ERROR';

/** Rules for a new password chosen on change-password (docs/product/validation.md codes), checked in order. */
export function changePasswordProblem(
  newPassword: string,
  who: { firstName: string; lastName: string; email: string },
): ChangePasswordProblem | null {
  const candidate = newPassword.trim().toLowerCase();
  const first = who.firstName.trim().toLowerCase();
  const last = who.lastName.trim().toLowerCase();
  const names = [first, last, `${first} ${last}`, `${first}${last}`].filter((n) => n !== '');
  if (names.includes(candidate)) return 'PASSWORD_EQUALS_TO_NAME';
  const email = who.email.toLowerCase();
  const localPart = email.split('@')[0] ?? '';
  if (candidate === email || (localPart !== '' && candidate === localPart)) return 'PASSWORD_EQUALS_TO_EMAIL';
  if (!isStrongPassword(newPassword)) return 'PASSWORD_GENERIC_ERROR';
  return null;
}
