import { zodResolver } from '@hookform/resolvers/zod';
import { MSG, STORAGE, type ValidOptinResponse } from '@legiao/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { AuthLayout } from '../../../shared/layout/auth-layout';
import { useNotices } from '../../../shared/notices/notice-context';
import { readValue } from '../../../shared/session/session';
import { BackButton } from '../../../shared/ui/back-link';
import { passwordReady } from '../../../shared/ui/password-checklist';
import { validateEmail } from '../api/valid-email';
import { checkOptin, optinVisibility } from '../api/valid-optin';
import { isCpfRegistered } from '../api/valid-cpf';
import { signupDefaults, signupFormSchema, sameEmail, STEP_FIELDS, type Step } from '../components/signup-form';
import { ContactStep } from '../components/contact-step';
import { DataStep } from '../components/data-step';
import { EmailStep } from '../components/email-step';
import { PasswordStep } from '../components/password-step';
import { useFinalizeSignup } from '../components/use-finalize-signup';
import '../cadastro.css';

export function SignupPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { notify } = useNotices();
  const [step, setStep] = useState<Step>(1);
  const [busy, setBusy] = useState(false);
  const [optinAnswer, setOptinAnswer] = useState<ValidOptinResponse | undefined>();
  const [manualAddress, setManualAddress] = useState(false);
  const form = useForm({ resolver: zodResolver(signupFormSchema), defaultValues: signupDefaults });
  const finalize = useFinalizeSignup({
    optinAnswer,
    manualAddress,
    onCepUnavailable: () => setManualAddress(true),
    origem: params.get('origem') ?? undefined,
    hashIndicacao: readValue(STORAGE.hashIndicacao) ?? undefined,
    onSuccess: () => void navigate('/cadastro/confirmacao'),
  });

  useEffect(() => {
    form.setFocus(STEP_FIELDS[step][0]);
  }, [form, step]);

  async function advance() {
    // FINALIZAR reports missing fields with one notice before any field-level validation.
    if (step === 4) return finalize(form);
    const values = form.getValues();
    if (!(await form.trigger(STEP_FIELDS[step]))) return;
    if (step === 1) {
      if (!sameEmail(values.email, values.confirmEmail)) return;
      const email = values.email.trim().toLowerCase();
      try {
        await validateEmail(email);
      } catch (error) {
        notify({ message: errorMessage(error) });
        return;
      }
      // The opt-in check fails silently: then both consent boxes stay visible.
      setOptinAnswer(await checkOptin(email).catch(() => undefined));
      setStep(2);
    } else if (step === 2) {
      if (passwordReady(values.senha, values.confirmacaoSenha)) setStep(3);
    } else if (step === 3) {
      const registered = await isCpfRegistered(values.cpf).catch((error: unknown) => {
        console.warn('Falha ao verificar o CPF.', error);
        return false;
      });
      if (registered) notify({ message: MSG.cpfJaCadastrado });
      else setStep(4);
    }
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await advance();
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout>
      <div className="cadastro__top">
        {step > 1 ? <BackButton onClick={() => setStep((s) => (s - 1) as Step)} /> : null}
        {step > 1 ? (
          <p className="cadastro__step" aria-live="polite">
            Etapa {step - 1} de 3
          </p>
        ) : null}
      </div>
      <h1 className="auth-card__title">Cadastre-se</h1>
      <FormProvider {...form}>
        <form className="form" onSubmit={onSubmit} noValidate aria-busy={busy}>
          {step === 1 ? <EmailStep pending={busy} /> : null}
          {step === 2 ? <PasswordStep /> : null}
          {step === 3 ? <DataStep pending={busy} /> : null}
          {step === 4 ? <ContactStep pending={busy} optins={optinVisibility(optinAnswer)} manualAddress={manualAddress} /> : null}
        </form>
      </FormProvider>
      <p className="form__footer">
        Já faz parte da Legião? <Link to="/login">Faça login</Link>
      </p>
    </AuthLayout>
  );
}
