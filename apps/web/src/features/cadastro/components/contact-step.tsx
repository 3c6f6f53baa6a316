import { SIGNUP_GENDERS } from '@legiao/contracts/usuario';
import { Controller, useFormContext } from 'react-hook-form';
import { Checkbox } from '../../../shared/ui/checkbox';
import { CepUnavailableNotice, UfSelect } from '../../../shared/ui/manual-address-fields';
import { MASKS, MaskedField } from '../../../shared/ui/masked-field';
import { SelectField } from '../../../shared/ui/select-field';
import { TextField } from '../../../shared/ui/text-field';
import type { OptinVisibility } from '../api/valid-optin';
import type { SignupFormValues } from './signup-form';

const today = () => new Date().toISOString().slice(0, 10);

export function ContactStep({ pending, optins, manualAddress }: { pending: boolean; optins: OptinVisibility; manualAddress: boolean }) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<SignupFormValues>();
  return (
    <>
      <p className="form__intro">Quase lá! Só mais alguns dados.</p>
      <Controller
        control={control}
        name="celular"
        render={({ field, fieldState }) => (
          <MaskedField
            label="Celular"
            mask={MASKS.celular}
            autoComplete="tel-national"
            name={field.name}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />
      <TextField
        label="Data de nascimento"
        type="date"
        autoComplete="bday"
        max={today()}
        error={errors.dataNascimento?.message}
        {...register('dataNascimento')}
      />
      <Controller
        control={control}
        name="cep"
        render={({ field, fieldState }) => (
          <MaskedField
            label="CEP"
            mask={MASKS.cep}
            autoComplete="postal-code"
            name={field.name}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />
      {manualAddress ? (
        <>
          <CepUnavailableNotice />
          <TextField label="Endereço" autoComplete="address-line1" error={errors.endereco?.message} {...register('endereco')} />
          <TextField label="Cidade" autoComplete="address-level2" error={errors.cidade?.message} {...register('cidade')} />
          <UfSelect autoComplete="address-level1" error={errors.uf?.message} {...register('uf')} />
        </>
      ) : null}
      <SelectField label="Gênero" error={errors.genero?.message} {...register('genero')}>
        <option value="">Selecione</option>
        {SIGNUP_GENDERS.map((g) => (
          <option key={g.value} value={g.value}>
            {g.label}
          </option>
        ))}
      </SelectField>
      <Checkbox label="Li e aceito os termos de uso" error={errors.termos?.message} {...register('termos')} />
      {optins.showOptin ? (
        <Checkbox label="Quero receber novidades e ofertas por e-mail" {...register('optin')} />
      ) : null}
      {optins.showOptinSms ? (
        <Checkbox label="Quero receber novidades por SMS e WhatsApp" {...register('optinSms')} />
      ) : null}
      <button type="submit" className="button button--block" disabled={pending}>
        {pending ? 'ENVIANDO...' : 'FINALIZAR'}
      </button>
    </>
  );
}
