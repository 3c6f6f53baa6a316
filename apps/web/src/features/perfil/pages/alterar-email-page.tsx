import { zodResolver } from '@hookform/resolvers/zod';
import { emailSchema } from '@legiao/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { BackLink } from '../../../shared/ui/back-link';
import { TextField } from '../../../shared/ui/text-field';
import '../perfil.css';

const schema = z.object({ email: emailSchema });

/** Spec 001 section 2.10: only flips to a success text; the call is wired by a later issue. */
export function AlterarEmailPage() {
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { email: '' } });

  return (
    <main id="conteudo" className="page page--narrow">
      <BackLink to="/editar-perfil" />
      <h1 className="page__title">Alterar e-mail</h1>
      {done ? (
        <p className="result__text" role="status">
          Solicitação recebida! Em breve você receberá as instruções no novo e-mail.
        </p>
      ) : (
        <form className="form" onSubmit={handleSubmit(() => setDone(true))} noValidate>
          <TextField label="Novo e-mail" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
          <button type="submit" className="button button--block">
            ATUALIZAR
          </button>
        </form>
      )}
    </main>
  );
}
