import { zodResolver } from '@hookform/resolvers/zod';
import { MSG, passwordSchema } from '@legiao/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { errorMessage } from '../../../shared/api/api-error';
import { useNotices } from '../../../shared/notices/notice-context';
import { BackLink } from '../../../shared/ui/back-link';
import { NewPasswordFields } from '../../../shared/ui/new-password-fields';
import { passwordReady } from '../../../shared/ui/password-checklist';
import { PasswordField } from '../../../shared/ui/password-field';
import { useChangePassword } from '../api/new-password';
import '../perfil.css';

const schema = z
  .object({
    senhaAtual: z.string().min(1, MSG.camposObrigatorios),
    novaSenha: passwordSchema,
    confirmacao: z.string(),
  })
  .refine((v) => v.novaSenha === v.confirmacao, { message: MSG.senhasDiferentes, path: ['confirmacao'] });

export function ChangePasswordPage() {
  const { notify } = useNotices();
  const change = useChangePassword();
  const [done, setDone] = useState(false);
  const { register, handleSubmit, watch, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { senhaAtual: '', novaSenha: '', confirmacao: '' },
  });
  const [currentPassword, newPassword, confirmation] = watch(['senhaAtual', 'novaSenha', 'confirmacao']);

  const onSubmit = handleSubmit((v) =>
    change.mutate(
      { senha: v.senhaAtual, novaSenha: v.novaSenha },
      { onSuccess: () => setDone(true), onError: (error) => notify({ message: errorMessage(error) }) },
    ),
  );

  if (done) {
    return (
      <main id="conteudo" className="page page--narrow">
        <div className="result" role="status">
          <span className="result__icon" aria-hidden="true">
            ✓
          </span>
          <h1 className="page__title">{MSG.senhaAlterada}</h1>
          <Link className="button" to="/home">
            Ir para a home
          </Link>
        </div>
      </main>
    );
  }

  return (
    <main id="conteudo" className="page page--narrow">
      <BackLink to="/editar-perfil" />
      <h1 className="page__title">Alterar senha</h1>
      <form className="form" onSubmit={onSubmit} noValidate>
        <PasswordField
          label="Senha atual"
          toggleName="senha atual"
          autoComplete="current-password"
          error={formState.errors.senhaAtual?.message}
          {...register('senhaAtual')}
        />
        <NewPasswordFields
          password={newPassword}
          confirmation={confirmation}
          passwordLabel="Nova senha"
          confirmationLabel="Confirme a nova senha"
          registerPassword={register('novaSenha')}
          registerConfirmation={register('confirmacao')}
        />
        <button
          type="submit"
          className="button button--block"
          disabled={!currentPassword || !passwordReady(newPassword, confirmation) || change.isPending}
        >
          Atualizar
        </button>
      </form>
    </main>
  );
}
