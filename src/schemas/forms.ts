import * as v from 'valibot';
import { isName } from './name-rule';
import { m } from '#src/paraglide/messages.js';

/**
 * Shared form validation with the spec's messages verbatim (docs/product/validation.md).
 * Validators return the first message, or null when the value is fine.
 */
export const messages = {
  emailRequired: m.form_email_required(),
  emailInvalid: (example: string) => m.form_email_invalid({ example }),
  passwordRequired: m.form_password_required(),
  // Not given by the spec; the retailer's own rule for new passwords (docs/decisions/003-copy-not-in-spec.md).
  passwordTooWeak: m.form_password_too_weak(),
  firstNameRequired: m.form_first_name_required(),
  firstNameTooLong: m.form_first_name_too_long(),
  firstNameInvalid: m.form_first_name_invalid(),
  lastNameRequired: m.form_last_name_required(),
  lastNameTooLong: m.form_last_name_too_long(),
  lastNameInvalid: m.form_last_name_invalid(),
} as const;

export const emailExample = 'name@example.com';
/** RFC 5321 limit on a whole address. */
export const emailMaxLength = 254;

const EmailSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(messages.emailRequired),
  v.maxLength(emailMaxLength, messages.emailInvalid(emailExample)),
  v.email(messages.emailInvalid(emailExample)),
);

const firstIssue = (schema: v.GenericSchema, value: unknown): string | null => {
  const r = v.safeParse(schema, value, { abortEarly: true });
  return r.success ? null : (r.issues[0]?.message ?? null);
};

/** The shared email validator: 'Please enter an email address' / '..., e.g. name@example.com'. */
export const validateEmail = (value: string): string | null => firstIssue(EmailSchema, value);

export const validatePasswordPresent = (value: string): string | null =>
  value.length === 0 ? messages.passwordRequired : null;

export const passwordMinLength = 8;
export const validateNewPassword = (value: string): string | null => {
  if (value.length === 0) return messages.passwordRequired;
  if (value.length < passwordMinLength || !/[A-Za-z]/.test(value) || !/\d/.test(value)) return messages.passwordTooWeak;
  return null;
};

/** Personal details names: 1-30; letters (accented ones included), spaces, hyphen, dot, apostrophe: the one name rule (./name-rule.ts). */
export const personalNameMax = 30;

const personalName = (required: string, tooLong: string, invalid: string) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty(required), v.maxLength(personalNameMax, tooLong), v.check(isName, invalid));

export const validateFirstName = (value: string): string | null =>
  firstIssue(personalName(messages.firstNameRequired, messages.firstNameTooLong, messages.firstNameInvalid), value);
export const validateLastName = (value: string): string | null =>
  firstIssue(personalName(messages.lastNameRequired, messages.lastNameTooLong, messages.lastNameInvalid), value);

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** Runs a validator per field and keeps only the failures. */
export const collectErrors = <F extends string>(
  values: Record<F, string>,
  validators: Partial<Record<F, (value: string) => string | null>>,
): FieldErrors<F> => {
  const errors: FieldErrors<F> = {};
  for (const field of Object.keys(validators) as F[]) {
    const message = validators[field]?.(values[field]);
    if (message) errors[field] = message;
  }
  return errors;
};

export const hasErrors = (errors: object): boolean => Object.keys(errors).length > 0;

export const loginValidators = { email: validateEmail, password: validatePasswordPresent };
export const registerValidators = {
  firstName: validateFirstName,
  lastName: validateLastName,
  email: validateEmail,
  password: validateNewPassword,
};
export const forgotPasswordValidators = { email: validateEmail };
export const resetPasswordValidators = { newPassword: validateNewPassword };
export const changePasswordValidators = { currentPassword: validatePasswordPresent, newPassword: validateNewPassword };
/** Setting a first password: no current password to give. */
export const setPasswordValidators = { newPassword: validateNewPassword };
