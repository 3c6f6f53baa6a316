import { zodResolver } from '@hookform/resolvers/zod';
import { emailSchema, MSG } from '@legiao/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { AuthLayout } from '../../../shared/layout/auth-layout';
import { TextField } from '../../../shared/ui/text-field';
import { useRequestPasswordReset } from '../api/recover-password';

const schema = z.object({ email: emailSchema });

export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { email: '' } });

  // The answer is neutral whatever happens, so nobody can probe which e-mails are registered.
  const onSubmit = handleSubmit(({ email }) => request.mutate(email, { onSettled: () => setSent(true) }));

  return (
    <AuthLayout>
      <h1 className="auth-card__title">Esqueceu a senha?</h1>
      {sent ? (
        <div className="result" role="status">
          <p className="result__text">{MSG.recuperacaoNeutra}</p>
          <Link className="button button--block" to="/login">
            Voltar para o login
          </Link>
        </div>
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate>
          <p className="form__intro">Informe o e-mail do seu cadastro para receber o link de redefinição de senha.</p>
          <TextField label="E-mail" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
          <button type="submit" className="button button--block" disabled={request.isPending}>
            Continuar
          </button>
          <p className="form__footer">
            Lembrou a senha? <Link to="/login">Voltar para o login</Link>
          </p>
        </form>
      )}
    </AuthLayout>
  );
}
