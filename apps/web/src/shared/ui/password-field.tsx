import { useId, useState, type InputHTMLAttributes, type Ref } from 'react';
import { FieldError } from './text-field';

export interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  /** Accessible name of the show/hide button, e.g. 'senha' gives 'Mostrar senha' / 'Ocultar senha'. */
  toggleName?: string;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

/** Password input with a show/hide toggle button. */
export function PasswordField({ label, toggleName = 'senha', error, id, ref, ...input }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-erro`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="field__password">
        <input
          ref={ref}
          id={inputId}
          type={visible ? 'text' : 'password'}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        <button
          type="button"
          className="field__toggle"
          aria-controls={inputId}
          aria-pressed={visible}
          aria-label={`${visible ? 'Ocultar' : 'Mostrar'} ${toggleName}`}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon crossed={visible} />
        </button>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 5C6.5 5 2.7 9.4 1.5 12c1.2 2.6 5 7 10.5 7s9.3-4.4 10.5-7C21.3 9.4 17.5 5 12 5Zm0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8Z"
        fill="currentColor"
      />
      {crossed ? <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" /> : null}
    </svg>
  );
}
