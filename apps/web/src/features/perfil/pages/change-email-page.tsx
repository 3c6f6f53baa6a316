import { zodResolver } from '@hookform/resolvers/zod';
import { emailSchema } from '@legiao/contracts';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../../shared/api/api-error';
import { useNotices } from '../../../shared/notices/notice-context';
import { BackLink } from '../../../shared/ui/back-link';
import { TextField } from '../../../shared/ui/text-field';
import { useChangeEmail } from '../api/change-email';
import '../perfil.css';

const schema = z.object({ email: emailSchema });

/**
 * Spec 001 section 2.10, wired (issue #7): the new address gets a confirmation link; the e-mail
 * changes only when it is followed (/confirmar-email), and the old address is told.
 */
export function ChangeEmailPage() {
  const { notify } = useNotices();
  const change = useChangeEmail();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit((v) => change.mutate(v, { onError: (error) => notify({ message: errorMessage(error) }) }));

  return (
    <main id="conteudo" className="page page--narrow">
      <BackLink to="/editar-perfil" />
      <h1 className="page__title">Alterar e-mail</h1>
      {change.isSuccess ? (
        <div className="result__text" role="status">
          <p>
            Enviamos um link de confirmação para <strong className="email-destaque">{change.data.email}</strong>.
          </p>
          <p>Seu e-mail só muda depois que você clicar no link. Se ele não chegar, confira a caixa de spam.</p>
        </div>
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate>
          <TextField label="Novo e-mail" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
          <button type="submit" className="button button--block" disabled={change.isPending}>
            ATUALIZAR
          </button>
        </form>
      )}
    </main>
  );
}
