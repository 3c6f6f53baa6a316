import { zodResolver } from '@hookform/resolvers/zod';
import { phoneSchema, cpfSchema, MSG, onlyDigits } from '@legiao/contracts';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { errorMessage } from '../../../shared/api/api-error';
import { useNotices } from '../../../shared/notices/notice-context';
import type { LoggedUser } from '../../../shared/session/get-logged-user';
import { Checkbox } from '../../../shared/ui/checkbox';
import { applyMask, MaskedField, MASKS } from '../../../shared/ui/masked-field';
import { useCompleteSignup } from '../api/complete-signup';

const schema = z.object({
  cpf: z.string().refine((s) => cpfSchema.safeParse(s).success, MSG.cpfInvalido),
  celular: z.string().refine((s) => phoneSchema.safeParse(s).success, MSG.celularInvalido),
  termos: z.boolean().refine((v) => v, MSG.termosObrigatorios),
});

/** CPF, mobile and the terms (spec 001 section 2.12); Finalizar sends PUT /usuario and goes home. */
export function NewRecordForm({ user }: { user: LoggedUser }) {
  const navigate = useNavigate();
  const { notify } = useNotices();
  const complete = useCompleteSignup();
  const fixedCpf = Boolean(user.cpf);
  const { control, register, handleSubmit, watch, formState } = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { cpf: applyMask(user.cpf, MASKS.cpf), celular: applyMask(user.celular, MASKS.celular), termos: false },
  });
  const [cpf, phone, terms] = watch(['cpf', 'celular', 'termos']);
  const ready = cpfSchema.safeParse(cpf).success && phoneSchema.safeParse(phone).success && terms;

  const onSubmit = handleSubmit((v) =>
    complete.mutate(
      { nome: user.nome, cpf: fixedCpf ? undefined : onlyDigits(v.cpf), celular: onlyDigits(v.celular), aceiteTermos: true },
      { onSuccess: () => void navigate('/home', { replace: true }), onError: (error) => notify({ message: errorMessage(error) }) },
    ),
  );

  const masked = (name: 'cpf' | 'celular', label: string, mask: string, readOnly = false) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <MaskedField
          label={label}
          mask={mask}
          name={field.name}
          value={field.value}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          readOnly={readOnly}
          autoComplete={name === 'celular' ? 'tel-national' : 'off'}
          error={fieldState.error?.message}
        />
      )}
    />
  );

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {masked('cpf', 'CPF', MASKS.cpf, fixedCpf)}
      {masked('celular', 'Celular', MASKS.celular)}
      <Checkbox label="Li e aceito os termos de uso" error={formState.errors.termos?.message} {...register('termos')} />
      <button type="submit" className="button button--block" disabled={!ready || complete.isPending}>
        {complete.isPending ? 'Enviando...' : 'Finalizar'}
      </button>
    </form>
  );
}
