import { describe, expect, it } from 'vitest';
import {
  messages,
  validateEmail,
  validateFirstName,
  validateLastName,
  validateNewPassword,
  validatePasswordPresent,
} from '#src/schemas/forms';

describe('shared email validator (docs/product/validation.md)', () => {
  it('requires an email', () => {
    expect(validateEmail('')).toBe('Please enter an email address');
    expect(validateEmail('   ')).toBe('Please enter an email address');
  });
  it('rejects invalid and too long addresses with the example', () => {
    expect(validateEmail('nope')).toBe('Please enter an email address, e.g. name@example.com');
    expect(validateEmail(`${'a'.repeat(250)}@example.com`)).toBe(
      'Please enter an email address, e.g. name@example.com',
    );
  });
  it('accepts a valid address', () => {
    expect(validateEmail('alex.morgan@example.com')).toBeNull();
  });
});

describe('passwords', () => {
  it("says 'Please enter a password' when empty", () => {
    expect(validatePasswordPresent('')).toBe('Please enter a password');
    expect(validateNewPassword('')).toBe('Please enter a password');
  });
  it('asks for a stronger new password', () => {
    expect(validateNewPassword('short1')).toBe(messages.passwordTooWeak);
    expect(validateNewPassword('longenough')).toBe(messages.passwordTooWeak);
    expect(validateNewPassword('longenough1')).toBeNull();
  });
});

describe('personal details names (docs/product/validation.md)', () => {
  it('uses the spec messages', () => {
    expect(validateFirstName('')).toBe('Please enter first name');
    expect(validateFirstName('a'.repeat(31))).toBe('First name can only be up to 30 characters');
    expect(validateFirstName('R2D2')).toBe('Must be a valid first name');
    expect(validateLastName('')).toBe('Please enter surname');
    expect(validateLastName('b'.repeat(31))).toBe('Last name can only be up to 30 characters');
    expect(validateLastName('<script>')).toBe('Must be a valid last name');
  });
  it('accepts accented Latin letters, spaces, hyphens, dots and apostrophes', () => {
    expect(validateFirstName('Zoë-Anne')).toBeNull();
    expect(validateLastName("O'Brien St. Clair")).toBeNull();
    expect(validateLastName('Ní Bhriain')).toBeNull();
    expect(validateFirstName('J')).toBeNull();
  });
});
