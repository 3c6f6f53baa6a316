import type { ClipboardEvent, DragEvent } from 'react';
import { useFormContext } from 'react-hook-form';
import { TextField } from '../../../shared/ui/text-field';
import { sameEmail, type SignupFormValues } from './signup-form';

// Typing the e-mail twice only catches typos if it isn't pasted.
const block = (e: ClipboardEvent | DragEvent) => e.preventDefault();

export function EmailStep({ pending }: { pending: boolean }) {
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<SignupFormValues>();
  const ready = sameEmail(watch('email'), watch('confirmEmail'));
  return (
    <>
      <p className="form__intro">Para começar, informe seu e-mail.</p>
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        onPaste={block}
        onDrop={block}
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Confirme seu e-mail"
        type="email"
        autoComplete="off"
        onPaste={block}
        onDrop={block}
        error={errors.confirmEmail?.message}
        {...register('confirmEmail')}
      />
      <button type="submit" className="button button--block" disabled={!ready || pending}>
        AVANÇAR
      </button>
    </>
  );
}
