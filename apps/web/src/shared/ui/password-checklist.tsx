import { fitsPasswordLimit, isStrongPassword, passwordRules } from '@legiao/contracts/password';

export interface PasswordChecklistProps {
  password: string;
  /** When given, an extra item tells whether the confirmation matches. */
  confirmation?: string;
}

/** The live rule checklist under password fields; each item ticks as the user types. */
export function PasswordChecklist({ password, confirmation }: PasswordChecklistProps) {
  const items: { id: string; label: string; ok: boolean }[] = passwordRules.map((rule) => ({
    id: rule.id,
    label: rule.label,
    ok: rule.test(password),
  }));
  if (confirmation !== undefined) {
    items.push({ id: 'confere', label: 'Senhas iguais', ok: password !== '' && password === confirmation });
  }
  return (
    <ul className="checklist" aria-label="Requisitos da senha">
      {items.map((item) => (
        <li key={item.id} className={item.ok ? 'checklist__item checklist__item--ok' : 'checklist__item'} data-ok={item.ok}>
          <span className="checklist__icon" aria-hidden="true">
            {item.ok ? '✓' : '•'}
          </span>
          {item.label}
          <span className="visually-hidden">{item.ok ? ' (atendido)' : ' (pendente)'}</span>
        </li>
      ))}
    </ul>
  );
}

/** Every rule holds, it fits bcrypt's 72 bytes and the confirmation matches: the submit buttons' enabling condition. */
export function passwordReady(password: string, confirmation: string): boolean {
  return password === confirmation && fitsPasswordLimit(password) && isStrongPassword(password);
}
