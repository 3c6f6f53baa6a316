import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { FieldError } from './text-field';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string;
  children: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

export function SelectField({ label, error, id, ref, children, ...select }: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const errorId = `${selectId}-erro`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={selectId}>
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        className="field__input field__select"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...select}
      >
        {children}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
