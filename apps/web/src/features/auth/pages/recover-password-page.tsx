import { zodResolver } from '@hookform/resolvers/zod';
import { MSG, passwordSchema } from '@legiao/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { errorMessage } from '../../../shared/api/api-error';
import { AuthLayout } from '../../../shared/layout/auth-layout';
import { useNotices } from '../../../shared/notices/notice-context';
import { NewPasswordFields } from '../../../shared/ui/new-password-fields';
import { passwordReady } from '../../../shared/ui/password-checklist';
import { useConfirmPasswordReset } from '../api/recover-password-confirmation';

const schema = z
  .object({ senha: passwordSchema, confirmacaoSenha: z.string() })
  .refine((v) => v.senha === v.confirmacaoSenha, { message: MSG.senhasDiferentes, path: ['confirmacaoSenha'] });

export function RecoverPasswordPage() {
  const [params] = useSearchParams();
  const code = params.get('q') ?? '';
  const hash = params.get('h') ?? '';
  const [done, setDone] = useState(false);
  const { notify } = useNotices();
  const confirm = useConfirmPasswordReset();
  const { register, handleSubmit, watch } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { senha: '', confirmacaoSenha: '' },
  });
  const password = watch('senha');
  const passwordConfirmation = watch('confirmacaoSenha');

  if (!code && !hash) return <Navigate to="/login" replace />;

  const onSubmit = handleSubmit((values) =>
    confirm.mutate(
      { code, hash, ...values },
      { onSuccess: () => setDone(true), onError: (error) => notify({ message: errorMessage(error) }) },
    ),
  );

  return (
    <AuthLayout>
      {done ? (
        <div className="result" role="status">
          <h1 className="auth-card__title">{MSG.senhaAtualizada}</h1>
          <Link className="button button--block" to="/login">
            Login
          </Link>
        </div>
      ) : (
        <>
          <h1 className="auth-card__title">Crie uma nova senha</h1>
          <form className="form" onSubmit={onSubmit} noValidate>
            <NewPasswordFields
              password={password}
              confirmation={passwordConfirmation}
              passwordLabel="Senha"
              confirmationLabel="Confirme sua senha"
              registerPassword={register('senha')}
              registerConfirmation={register('confirmacaoSenha')}
            />
            <button
              type="submit"
              className="button button--block"
              disabled={!passwordReady(password, passwordConfirmation) || confirm.isPending}
            >
              Salvar nova senha
            </button>
          </form>
        </>
      )}
    </AuthLayout>
  );
}
