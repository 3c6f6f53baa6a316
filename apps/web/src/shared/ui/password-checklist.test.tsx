import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PasswordChecklist, passwordReady } from './password-checklist';

function Harness() {
  const [password, setPassword] = useState('');
  return (
    <>
      <label htmlFor="s">Senha</label>
      <input id="s" value={password} onChange={(e) => setPassword(e.target.value)} />
      <PasswordChecklist password={password} />
    </>
  );
}

const item = (name: string) =>
  within(screen.getByRole('list', { name: 'Requisitos da senha' }))
    .getAllByRole('listitem')
    .find((li) => li.textContent?.includes(name))!;

describe('PasswordChecklist', () => {
  it('lists the spec rules, none met for an empty password', () => {
    render(<PasswordChecklist password="" />);
    for (const label of ['1 Letra maiúscula', '1 Número', '1 Caractere especial (ex:#?!)']) {
      expect(item(label)).toHaveProperty('dataset.ok', 'false');
      expect(item(label).textContent).toContain('(pendente)');
    }
  });

  it('ticks each rule live as the user types', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('Senha');

    await user.type(input, 'a');
    expect(item('1 Letra maiúscula').dataset.ok).toBe('false');

    await user.type(input, 'B');
    expect(item('1 Letra maiúscula').dataset.ok).toBe('true');
    expect(item('1 Número').dataset.ok).toBe('false');

    await user.type(input, '7');
    expect(item('1 Número').dataset.ok).toBe('true');
    expect(item('1 Caractere especial (ex:#?!)').dataset.ok).toBe('false');

    await user.type(input, '#');
    expect(item('1 Caractere especial (ex:#?!)').dataset.ok).toBe('true');
    expect(item('1 Caractere especial (ex:#?!)').textContent).toContain('(atendido)');

    await user.clear(input);
    expect(item('1 Número').dataset.ok).toBe('false');
  });

  it('shows whether the confirmation matches when given one', () => {
    const { rerender } = render(<PasswordChecklist password="Abcdef1!" confirmation="Abcdef1" />);
    expect(item('Senhas iguais').dataset.ok).toBe('false');
    rerender(<PasswordChecklist password="Abcdef1!" confirmation="Abcdef1!" />);
    expect(item('Senhas iguais').dataset.ok).toBe('true');
  });
});

describe('passwordReady', () => {
  it('needs every rule and an equal confirmation', () => {
    expect(passwordReady('Abcdef1!', 'Abcdef1!')).toBe(true);
    expect(passwordReady('Abcdef1!', 'Abcdef1?')).toBe(false);
    expect(passwordReady('abcdef1!', 'abcdef1!')).toBe(false); // no uppercase
    expect(passwordReady('Abcdefg!', 'Abcdefg!')).toBe(false); // no digit
    expect(passwordReady('Abcdefg1', 'Abcdefg1')).toBe(false); // no special character
    expect(passwordReady('', '')).toBe(false);
    // bcrypt reads 72 bytes: 41 characters with accents (77 bytes) are too long, 72 bytes are not.
    const long = `S@1ab${'ç'.repeat(36)}`;
    expect(passwordReady(long, long)).toBe(false);
    const atLimit = `S@1ab${'ç'.repeat(33)}x`;
    expect(passwordReady(atLimit, atLimit)).toBe(true);
  });
});
