import { useId, type InputHTMLAttributes, type JSX, type ReactNode, type Ref } from 'react';
import { IMaskInput } from 'react-imask';
import { FieldError } from './text-field';

export const MASKS = {
  cpf: '000.000.000-00',
  celular: '(00) 00000-0000',
  cep: '00000-000',
} as const;

export interface MaskedFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'defaultValue' | 'type'> {
  label: string;
  mask: string;
  value: string;
  /** Receives the masked text as shown (e.g. '123.456.789-09'). */
  onValueChange: (value: string) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** A control shown beside the input (the profile's CEP 'Buscar' button). */
  action?: ReactNode;
}

// IMaskInput's generic props are too clever for TS; the runtime contract is plain input props.
const Input = IMaskInput as unknown as (props: Record<string, unknown>) => JSX.Element;

/** A labelled input with an imask pattern (# in the spec's masks is a digit, 0 in imask's). */
export function MaskedField({ label, mask, value, onValueChange, error, id, inputRef, action, ...input }: MaskedFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-erro`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className={action ? 'field__inline' : undefined}>
        <Input
          {...input}
          id={inputId}
          className="field__input"
          mask={mask}
          value={value}
          inputRef={inputRef}
          inputMode="numeric"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onAccept={(masked: string) => onValueChange(masked)}
        />
        {action}
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** Formats raw digits with a mask ('0' = digit), e.g. ('11987654321', celular) -> '(11) 98765-4321'. */
export function applyMask(raw: string | null | undefined, mask: string): string {
  const digits = (raw ?? '').replace(/\D/g, '');
  let out = '';
  let i = 0;
  for (const ch of mask) {
    if (i >= digits.length) break;
    if (ch === '0') out += digits[i++];
    else out += ch;
  }
  return out;
}
