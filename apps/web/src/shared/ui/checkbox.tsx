import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { FieldError } from './text-field';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

export function Checkbox({ label, error, id, ref, ...input }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-erro`;
  return (
    <div className="checkbox">
      <input
        ref={ref}
        id={inputId}
        type="checkbox"
        className="checkbox__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      <label className="checkbox__label" htmlFor={inputId}>
        {label}
      </label>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
