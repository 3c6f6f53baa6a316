import { MSG, onlyDigits, type SignupInput, type ValidOptinResponse } from '@legiao/contracts';
import type { UseFormReturn } from 'react-hook-form';
import { errorMessage } from '../../../shared/api/api-error';
import { CepError, getCep, type Address } from '../../../shared/api/get-cep';
import { dateInputToIso } from '../../../shared/lib/dates';
import { scrollToTop } from '../../../shared/navigation/app-navigate';
import { useNotices } from '../../../shared/notices/notice-context';
import { createUser } from '../api/create-user';
import { optinVisibility } from '../api/valid-optin';
import { signupFormSchema, missingRequired, STEP_FIELDS, type SignupFormValues } from './signup-form';

interface FinalizeOptions {
  optinAnswer: ValidOptinResponse | undefined;
  /** The CEP service was down on an earlier FINALIZAR: the address comes from the typed fields. */
  manualAddress: boolean;
  onCepUnavailable: () => void;
  origem?: string;
  hashIndicacao?: string;
  onSuccess: () => void;
}

/** A consent already given stays given (its box was hidden); an opt-out stays out. */
function consent(checked: boolean, shown: boolean, alreadyGiven: boolean | undefined): boolean {
  return shown ? checked : alreadyGiven === true;
}

/** FINALIZAR: required fields, form rules, CEP lookup, then POST /usuario. */
export function useFinalizeSignup({ optinAnswer, manualAddress, onCepUnavailable, origem: origin, hashIndicacao: referralHash, onSuccess }: FinalizeOptions) {
  const { notify } = useNotices();

  return async function finalize(form: Pick<UseFormReturn<SignupFormValues>, 'getValues' | 'trigger'>) {
    const values = form.getValues();
    if (missingRequired(values)) {
      notify({ message: MSG.camposObrigatorios });
      return;
    }
    if (!(await form.trigger(STEP_FIELDS[4]))) return;
    const parsed = signupFormSchema.safeParse(values);
    if (!parsed.success) {
      notify({ message: parsed.error.issues[0]?.message ?? MSG.camposObrigatorios });
      return;
    }

    let address: Address;
    if (manualAddress) {
      address = { endereco: values.endereco.trim(), cidade: values.cidade.trim(), uf: values.uf };
      if (!address.endereco || !address.cidade || !address.uf) {
        notify({ message: MSG.camposObrigatorios });
        return;
      }
    } else {
      try {
        address = await getCep(values.cep);
      } catch (error) {
        // The service is down (503, network): open the address fields instead of blocking the sign-up.
        if (error instanceof CepError && error.kind === 'falha') {
          onCepUnavailable();
          notify({ message: MSG.cepIndisponivel });
          return;
        }
        notify({ message: error instanceof CepError ? error.message : MSG.cepInvalido });
        scrollToTop();
        return;
      }
    }

    const data = parsed.data;
    const shown = optinVisibility(optinAnswer);
    const optout = optinAnswer?.optout === true;
    const payload: SignupInput = {
      email: data.email,
      senha: data.senha,
      cpf: data.cpf,
      nome: data.nome,
      celular: onlyDigits(data.celular),
      cep: onlyDigits(data.cep),
      ...address,
      dataNascimento: dateInputToIso(data.dataNascimento) ?? data.dataNascimento,
      genero: data.genero,
      optin: consent(data.optin, shown.showOptin, !optout && optinAnswer?.optin),
      optinSms: consent(data.optinSms, shown.showOptinSms, !optout && optinAnswer?.optinSms),
      hashIndicacao: referralHash || undefined,
      origem: origin || undefined,
    };
    try {
      await createUser(payload);
      onSuccess();
    } catch (error) {
      notify({ message: errorMessage(error) });
    }
  };
}
