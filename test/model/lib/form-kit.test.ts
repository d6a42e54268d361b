import { describe, expect, it } from 'vitest';
import { changePatch, submitAttemptPatch, touchPatch } from '#machines/lib/form-kit';

/**
 * machines/lib/form-kit.ts: the field actions every form machine passes to its setup(). The charts
 * only ever send well-formed events, so what the patches do with anything else is checked here.
 */
type Change = { type: 'form.change'; field: 'email' | 'name'; value: string };
const context = { values: { email: 'a@example.com', name: 'Ada' } };

describe('changePatch (form.change)', () => {
  it("sets the field's value, keeps the others, marks the form dirty and applies what a change clears", () => {
    const event: Change = { type: 'form.change', field: 'name', value: 'Grace' };
    expect(changePatch(context, event, { serverError: null })).toEqual({
      serverError: null,
      values: { email: 'a@example.com', name: 'Grace' },
      dirty: true,
    });
    expect(context.values.name).toBe('Ada');
  });

  it('keeps an empty value (a cleared field) as the new value', () => {
    expect(changePatch(context, { type: 'form.change', field: 'email', value: '' } as Change, {})).toEqual({
      values: { email: '', name: 'Ada' },
      dirty: true,
    });
  });

  it('changes nothing for another event, or a change without a string field or value', () => {
    const reset = { serverError: null };
    for (const event of [
      { type: 'form.blur', field: 'name', value: 'Grace' },
      { type: 'form.change', value: 'Grace' },
      { type: 'form.change', field: 3, value: 'Grace' },
      { type: 'form.change', field: 'name' },
      { type: 'form.change', field: 'name', value: 42 },
    ]) {
      expect(changePatch(context, event, reset), JSON.stringify(event)).toEqual({});
    }
  });
});

describe('touchPatch (form.blur)', () => {
  it('marks the field left, keeping the fields already touched', () => {
    expect(touchPatch({ touched: { email: true } }, { type: 'form.blur', field: 'name' } as never)).toEqual({
      touched: { email: true, name: true },
    });
  });

  it('changes nothing for another event or a blur without a string field', () => {
    for (const event of [
      { type: 'form.change', field: 'name' },
      { type: 'form.blur' },
      { type: 'form.blur', field: 7 },
    ]) {
      expect(touchPatch({ touched: {} }, event as never), JSON.stringify(event)).toEqual({});
    }
  });
});

it('submitAttemptPatch: every field shows its error from the first submit on', () => {
  expect(submitAttemptPatch).toEqual({ submitAttempted: true });
});
