import { zodResolver } from '@hookform/resolvers/zod';
import { emailSchema, MSG } from '@legiao/contracts';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { errorMessage } from '../../../shared/api/api-error';
import { AuthLayout } from '../../../shared/layout/auth-layout';
import { formatMmSs } from '../../../shared/lib/countdown';
import { useCooldown } from '../../../shared/lib/use-countdown';
import { useNotices } from '../../../shared/notices/notice-context';
import { TextField } from '../../../shared/ui/text-field';
import { useResendEmail } from '../api/resend-email';

export const RESEND_COOLDOWN_SECONDS = 60;
export const RESEND_HINT = 'O link chega se este e-mail tiver um cadastro aguardando ativação. Se a sua conta já está ativada, é só fazer login.';
const schema = z.object({ email: emailSchema });

export function ActivationPage() {
  const { notify } = useNotices();
  const resend = useResendEmail();
  const cooldown = useCooldown();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { email: '' } });

  const coolingDown = cooldown.remaining > 0;
  // When the 60 s are over the button comes back and the message goes away.
  useEffect(() => {
    if (!coolingDown) setSent(false);
  }, [coolingDown]);

  const onSubmit = handleSubmit(({ email }) =>
    resend.mutate(email, {
      onSuccess: () => {
        setSent(true);
        cooldown.start(RESEND_COOLDOWN_SECONDS);
      },
      onError: (error) => notify({ message: errorMessage(error) }),
    }),
  );

  return (
    <AuthLayout>
      <h1 className="auth-card__title">Reenviar e-mail de ativação</h1>
      <form className="form" onSubmit={onSubmit} noValidate>
        <p className="form__intro">Informe o e-mail do cadastro para receber um novo link de ativação.</p>
        <TextField label="E-mail" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        {sent ? (
          <>
            <p className="form__success" role="status">
              {MSG.reenvioSucesso}
            </p>
            {/* The server answers alike for any address (ADR 0039): say what the mail depends on. */}
            <p className="form__hint">{RESEND_HINT}</p>
          </>
        ) : null}
        <button type="submit" className="button button--block" disabled={coolingDown || resend.isPending}>
          Reenviar
        </button>
        {coolingDown ? (
          <p className="form__hint">
            Você poderá reenviar em <span role="timer">{formatMmSs(cooldown.remaining)}</span>
          </p>
        ) : null}
        <p className="form__footer">
          <Link to="/login">Voltar para o login</Link>
        </p>
      </form>
    </AuthLayout>
  );
}
