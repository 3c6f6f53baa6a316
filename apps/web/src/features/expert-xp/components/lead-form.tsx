import { zodResolver } from '@hookform/resolvers/zod';
import { FIXED_LEAD_COUPON, leadSchema, type Lead, type LeadInput } from '@legiao/contracts/leads';
import { Controller, useForm } from 'react-hook-form';
import { errorMessage } from '../../../shared/api/api-error';
import { dateInputToIso } from '../../../shared/lib/dates';
import { useNotices } from '../../../shared/notices/notice-context';
import { Checkbox } from '../../../shared/ui/checkbox';
import { MaskedField, MASKS } from '../../../shared/ui/masked-field';
import { TextField } from '../../../shared/ui/text-field';
import { useCreateLead } from '../api/create-lead';

const EMPTY: LeadInput = { nome: '', email: '', celular: '', dtNascimento: '', cep: '', optinEmail: false, optinCelular: false };

/** What the success view shows: the coupon, and whether the server took the lead (and mails it its own). */
export interface LeadResult {
  cupom: string;
  mailed: boolean;
}

/**
 * The lead form (spec 001 section 2.21), validated by the contract's own schema. The success view
 * follows even when the call fails (spec): then with the fixed coupon FIXED_LEAD_COUPON, after the
 * error notice (spec 001 section 8).
 */
export function LeadForm({ onCoupon }: { onCoupon: (result: LeadResult) => void }) {
  const { notify } = useNotices();
  const create = useCreateLead();
  const { register, control, handleSubmit, formState } = useForm<LeadInput, unknown, Lead>({
    resolver: zodResolver(leadSchema),
    defaultValues: EMPTY,
  });
  const { errors } = formState;

  const onSubmit = handleSubmit((lead) => {
    create.mutate(
      { ...lead, dtNascimento: dateInputToIso(lead.dtNascimento) ?? lead.dtNascimento },
      {
        onSuccess: (answer) => onCoupon({ cupom: answer.cupom, mailed: true }),
        onError: (error) => {
          notify({ message: errorMessage(error) });
          onCoupon({ cupom: FIXED_LEAD_COUPON, mailed: false });
        },
      },
    );
  });

  const masked = (name: 'celular' | 'cep', label: string, mask: string, autoComplete: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <MaskedField
          label={label}
          mask={mask}
          autoComplete={autoComplete}
          name={field.name}
          value={typeof field.value === 'string' ? field.value : ''}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <TextField label="Nome completo" autoComplete="name" error={errors.nome?.message} {...register('nome')} />
      <TextField label="E-mail" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      {masked('celular', 'Celular', MASKS.celular, 'tel-national')}
      <TextField label="Data de nascimento" type="date" autoComplete="bday" error={errors.dtNascimento?.message} {...register('dtNascimento')} />
      {masked('cep', 'CEP', MASKS.cep, 'postal-code')}
      <fieldset className="form__fieldset">
        <legend>Comunicações</legend>
        <Checkbox label="Aceito receber novidades e ofertas por e-mail" {...register('optinEmail')} />
        <Checkbox label="Aceito receber novidades e ofertas por SMS e WhatsApp" {...register('optinCelular')} />
      </fieldset>
      <button type="submit" className="button button--block" disabled={create.isPending}>
        CADASTRAR
      </button>
    </form>
  );
}
