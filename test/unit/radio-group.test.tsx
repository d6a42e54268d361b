import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { RadioGroup, type RadioOption } from '#src/ui/radio-group';

/** src/ui/radio-group.tsx (decision 865): the product's one radio group. */
afterEach(cleanup);

type Leg = 'outward' | 'inward';
const legs: readonly RadioOption<Leg>[] = [
  { value: 'outward', label: 'Outward journey' },
  { value: 'inward', label: 'Return journey', disabled: true, description: 'It has left already.' },
];
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('RadioGroup', () => {
  it('is a group named by its legend, each radio named by its label, its note read after its name', () => {
    render(<RadioGroup name="direction" legend="Which journey?" options={legs} value="" onChange={() => {}} />);
    const group = screen.getByRole('group', { name: 'Which journey?' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('name'))).toEqual(['direction', 'direction']);
    expect(within(group).getByRole('radio', { name: 'Outward journey' })).not.toBeChecked();
    const inward = within(group).getByRole('radio', { name: 'Return journey' });
    expect(inward).toBeDisabled();
    expect(describedBy(inward)).toEqual(['It has left already.']);
    expect(group.getAttribute('aria-describedby')).toBeNull();
  });

  it('hands back the value chosen, typed, and shows the one chosen', () => {
    const chosen = vi.fn<(leg: Leg) => void>();
    const { rerender } = render(
      <RadioGroup name="direction" legend="Which journey?" options={legs} value={null} onChange={chosen} />,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Outward journey' }));
    expect(chosen).toHaveBeenCalledWith('outward');
    rerender(<RadioGroup name="direction" legend="Which journey?" options={legs} value="outward" onChange={chosen} />);
    expect(screen.getByRole('radio', { name: 'Outward journey' })).toBeChecked();
  });

  it('ties its hint and its error to the group, and ids the radios for a link to them', () => {
    render(
      <RadioGroup
        name="journey"
        legend="Which journey?"
        hint="The one that was late."
        error="Please choose the journey that was delayed"
        idPrefix="claim"
        errorId="claim-problem"
        options={legs}
        value=""
        onChange={() => {}}
      />,
    );
    const group = screen.getByRole('group', { name: 'Which journey?' });
    expect(describedBy(group)).toEqual(['The one that was late.', 'Please choose the journey that was delayed']);
    expect(document.getElementById('claim-problem')?.textContent).toBe('Please choose the journey that was delayed');
    expect(screen.getByRole('radio', { name: 'Outward journey' }).id).toBe('claim-outward');
  });

  it('while read-only, keeps the radios focusable (aria-disabled, not disabled) and ignores changes', () => {
    const chosen = vi.fn();
    render(
      <RadioGroup
        name="journey"
        legend="Which journey?"
        options={[legs[0]!]}
        value=""
        readOnly
        required
        onChange={chosen}
      />,
    );
    const radio = screen.getByRole('radio', { name: 'Outward journey' });
    expect(radio).not.toBeDisabled();
    expect(radio.getAttribute('aria-disabled')).toBe('true');
    expect(radio).toBeRequired();
    radio.focus();
    expect(document.activeElement).toBe(radio);
    fireEvent.click(radio);
    expect(chosen).not.toHaveBeenCalled();
  });
});
