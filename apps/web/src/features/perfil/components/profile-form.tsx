import { zodResolver } from '@hookform/resolvers/zod';
import { PROFILE_GENDERS, MSG, onlyDigits } from '@legiao/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { errorMessage } from '../../../shared/api/api-error';
import { CepError, getCep, type Address } from '../../../shared/api/get-cep';
import { dateInputToIso } from '../../../shared/lib/dates';
import { scrollToTop } from '../../../shared/navigation/app-navigate';
import { useNotices } from '../../../shared/notices/notice-context';
import type { LoggedUser } from '../../../shared/session/get-logged-user';
import { Checkbox } from '../../../shared/ui/checkbox';
import { CepUnavailableNotice, UfSelect } from '../../../shared/ui/manual-address-fields';
import { MaskedField, MASKS } from '../../../shared/ui/masked-field';
import { SelectField } from '../../../shared/ui/select-field';
import { TextField } from '../../../shared/ui/text-field';
import { useUpdateUser } from '../api/update-user';
import { profileDefaults, profileFormSchema } from './profile-form-schema';

export function ProfileForm({ user, onSuccess }: { user: LoggedUser; onSuccess: () => void }) {
  const { notify } = useNotices();
  const update = useUpdateUser();
  const cpfEditable = !user.cpf;
  // Address, city and state come from the CEP lookup, so they live outside the form; the member
  // types them only when the CEP service is down (manualAddress).
  const [address, setAddress] = useState<Address>({
    endereco: user.endereco ?? '',
    cidade: user.cidade ?? '',
    uf: user.uf ?? '',
  });
  const [cepFailed, setCepFailed] = useState(false);
  const [manualAddress, setManualAddress] = useState(false);
  const [searching, setSearching] = useState(false);
  const { register, control, handleSubmit, getValues, formState } = useForm({
    resolver: zodResolver(profileFormSchema),
    defaultValues: profileDefaults(user),
  });
  const { errors } = formState;

  async function fetchCep() {
    setSearching(true);
    try {
      setAddress(await getCep(getValues('cep')));
      setCepFailed(false);
      setManualAddress(false);
    } catch (error) {
      if (error instanceof CepError && error.kind === 'falha') {
        // The service is down (503, network): the CEP may well be right; let the member type the rest.
        setCepFailed(false);
        setManualAddress(true);
        notify({ message: MSG.cepIndisponivel });
      } else {
        setCepFailed(true);
      }
    } finally {
      setSearching(false);
    }
  }

  const onSubmit = handleSubmit((v) => {
    if (cepFailed) {
      notify({ message: MSG.cepInvalido });
      scrollToTop();
      return;
    }
    if (manualAddress && (!address.endereco.trim() || !address.cidade.trim() || !address.uf)) {
      notify({ message: MSG.camposObrigatorios });
      return;
    }
    update.mutate(
      {
        nome: v.nome,
        celular: onlyDigits(v.celular),
        cpf: cpfEditable && v.cpf ? onlyDigits(v.cpf) : undefined,
        dataNascimento: dateInputToIso(v.dataNascimento),
        genero: v.genero || undefined,
        cep: onlyDigits(v.cep) || undefined,
        endereco: address.endereco.trim() || undefined,
        numero: v.numero,
        complemento: v.complemento,
        cidade: address.cidade.trim() || undefined,
        uf: address.uf || undefined,
        optIn: v.optIn,
        optInSms: v.optInSms,
      },
      { onSuccess, onError: (error) => notify({ message: errorMessage(error) }) },
    );
  });

  const masked = (name: 'celular' | 'cpf', label: string, mask: string, readOnly = false) => (
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
          error={fieldState.error?.message}
        />
      )}
    />
  );

  return (
    <form className="form form--grid" onSubmit={onSubmit} noValidate>
      <TextField label="Nome completo" autoComplete="name" error={errors.nome?.message} {...register('nome')} />
      <TextField label="E-mail" type="email" value={user.email} readOnly />
      {masked('celular', 'Celular', MASKS.celular)}
      {masked('cpf', 'CPF', MASKS.cpf, !cpfEditable)}
      <TextField label="Data de nascimento" type="date" error={errors.dataNascimento?.message} {...register('dataNascimento')} />
      <SelectField label="Gênero" {...register('genero')}>
        <option value="">Selecione</option>
        {PROFILE_GENDERS.map((g) => (
          <option key={g.value} value={g.value}>
            {g.label}
          </option>
        ))}
      </SelectField>
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
            error={cepFailed ? MSG.cepNaoEncontrado : fieldState.error?.message}
            action={
              <button type="button" className="button button--ghost" onClick={fetchCep} disabled={searching}>
                Buscar
              </button>
            }
          />
        )}
      />
      {manualAddress ? <CepUnavailableNotice /> : null}
      {manualAddress ? (
        <TextField label="Endereço" autoComplete="address-line1" value={address.endereco} onChange={(e) => setAddress({ ...address, endereco: e.target.value })} />
      ) : (
        <TextField label="Endereço" value={address.endereco} disabled readOnly />
      )}
      <TextField label="Número" autoComplete="off" error={errors.numero?.message} {...register('numero')} />
      <TextField label="Complemento" error={errors.complemento?.message} {...register('complemento')} />
      {manualAddress ? (
        <>
          <TextField label="Cidade" autoComplete="address-level2" value={address.cidade} onChange={(e) => setAddress({ ...address, cidade: e.target.value })} />
          <UfSelect autoComplete="address-level1" value={address.uf} onChange={(e) => setAddress({ ...address, uf: e.target.value })} />
        </>
      ) : (
        <>
          <TextField label="Cidade" value={address.cidade} disabled readOnly />
          <TextField label="Estado" value={address.uf} disabled readOnly />
        </>
      )}
      <fieldset className="form__fieldset form__full">
        <legend>Comunicações</legend>
        <Checkbox label="Aceito receber comunicações por e-mail" {...register('optIn')} />
        <Checkbox label="Aceito receber comunicações por SMS e WhatsApp" {...register('optInSms')} />
      </fieldset>
      <button type="submit" className="button button--block form__full" disabled={update.isPending}>
        Atualizar
      </button>
    </form>
  );
}
