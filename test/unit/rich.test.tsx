import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rich } from '#src/i18n/rich';

describe('rich(): a catalogue sentence around a link', () => {
  it('puts each node where its placeholder stands, in the translation’s order', () => {
    const de = (i: Record<'link', string>) => `Ihre E-Mail-Adresse ändern Sie unter ${i.link}.`;
    const { container } = render(<p>{rich(de, { link: <a href="/account-controls">Kontoeinstellungen</a> })}</p>);
    expect(container.textContent).toBe('Ihre E-Mail-Adresse ändern Sie unter Kontoeinstellungen.');
    expect(screen.getByRole('link', { name: 'Kontoeinstellungen' }).getAttribute('href')).toBe('/account-controls');
  });
  it('fills several placeholders', () => {
    const m = (i: Record<'find' | 'signIn', string>) => `${i.signIn} oder ${i.find}`;
    const { container } = render(<p>{rich(m, { find: <b>Buchung finden</b>, signIn: <i>Anmelden</i> })}</p>);
    expect(container.innerHTML).toBe('<p><i>Anmelden</i> oder <b>Buchung finden</b></p>');
  });
});
