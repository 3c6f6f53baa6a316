import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { useForm, type DefaultValues, type FieldError, type FieldValues, type Resolver, type UseFormProps } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

// Form helpers: react-hook-form with the zod resolver built from the shared contract, so the
// browser and the server check the same rules with the same Portuguese messages.

/** useForm with the contract's schema as resolver; errors show after a field is left, then live. */
export function useAdminForm<S extends z.ZodType<FieldValues, FieldValues>>(schema: S, defaultValues: DefaultValues<z.input<S>>, options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver' | 'defaultValues'> = {}) {
  return useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema as never) as unknown as Resolver<z.input<S>, unknown, z.output<S>>, defaultValues, mode: 'onTouched', ...options });
}

interface FieldShellProps {
  label: string;
  error?: FieldError | { message?: string };
  hint?: string;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** Label, control, hint and error, wired for screen readers (aria-describedby, aria-invalid). */
export function FieldShell({ label, error, hint, children }: FieldShellProps) {
  const id = useId();
  const hintId = `${id}-dica`;
  const errorId = `${id}-erro`;
  const describedBy = [hint ? hintId : null, error?.message ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`admin-campo${error?.message ? ' admin-campo--erro' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, describedBy, invalid: Boolean(error?.message) })}
      {hint && (
        <small id={hintId} className="admin-campo__dica">
          {hint}
        </small>
      )}
      {error?.message && (
        <small id={errorId} className="admin-campo__erro" role="alert">
          {error.message}
        </small>
      )}
    </div>
  );
}

type Common = { label: string; error?: FieldError | { message?: string }; hint?: string };

export function TextInput({ label, error, hint, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  return <FieldShell label={label} error={error} hint={hint}>{({ id, describedBy, invalid }) => <input id={id} aria-describedby={describedBy} aria-invalid={invalid} {...input} />}</FieldShell>;
}

export function TextArea({ label, error, hint, ...input }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <FieldShell label={label} error={error} hint={hint}>{({ id, describedBy, invalid }) => <textarea id={id} aria-describedby={describedBy} aria-invalid={invalid} rows={4} {...input} />}</FieldShell>;
}

export function SelectInput({ label, error, hint, options, ...input }: Common & SelectHTMLAttributes<HTMLSelectElement> & { options: { value: string; label: string }[] }) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <select id={id} aria-describedby={describedBy} aria-invalid={invalid} {...input}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

export function CheckboxInput({ label, hint, ...input }: { label: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="admin-check">
      <input id={id} type="checkbox" {...input} />
      <label htmlFor={id}>{label}</label>
      {hint && <small className="admin-campo__dica">{hint}</small>}
    </div>
  );
}

/** Save/cancel row at the bottom of a form; the save button is busy while the request runs. */
export function FormActions({ busy, submitLabel = 'Salvar', onCancel, children }: { busy: boolean; submitLabel?: string; onCancel?: () => void; children?: ReactNode }) {
  return (
    <div className="admin-form__acoes">
      {children}
      {onCancel && (
        <button type="button" className="admin-btn" onClick={onCancel}>
          Cancelar
        </button>
      )}
      <button type="submit" className="admin-btn admin-btn--primario" disabled={busy} aria-busy={busy}>
        {busy ? 'Salvando...' : submitLabel}
      </button>
    </div>
  );
}
