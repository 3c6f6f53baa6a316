import { isValidCpf } from '@legiao/contracts/cpf';
import { Controller, useFormContext } from 'react-hook-form';
import { MASKS, MaskedField } from '../../../shared/ui/masked-field';
import { TextField } from '../../../shared/ui/text-field';
import type { SignupFormValues } from './signup-form';

export function DataStep({ pending }: { pending: boolean }) {
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = useFormContext<SignupFormValues>();
  const ready = isValidCpf(watch('cpf')) && watch('nome').trim() !== '';
  return (
    <>
      <p className="form__intro">Conte um pouco sobre você.</p>
      <TextField label="Nome completo" autoComplete="name" error={errors.nome?.message} {...register('nome')} />
      <Controller
        control={control}
        name="cpf"
        render={({ field, fieldState }) => (
          <MaskedField
            label="CPF"
            mask={MASKS.cpf}
            name={field.name}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />
      <button type="submit" className="button button--block" disabled={!ready || pending}>
        AVANÇAR
      </button>
    </>
  );
}
