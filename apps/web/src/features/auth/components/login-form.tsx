import { zodResolver } from '@hookform/resolvers/zod';
import { emailSchema, MSG } from '@legiao/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { errorMessage } from '../../../shared/api/api-error';
import { peekPostLoginPath } from '../../../shared/session/session';
import { LOGIN_NOTICE_DURATION_MS, useNotices } from '../../../shared/notices/notice-context';
import { PasswordField } from '../../../shared/ui/password-field';
import { TextField } from '../../../shared/ui/text-field';
import { isWaitingRoomTicketRejection } from '../../fila/lib/waiting-room-errors';
import { useLogin } from '../api/login';

const loginFormSchema = z.object({
  email: emailSchema,
  senha: z.string().min(1, MSG.camposObrigatorios),
});

interface LoginFormProps {
  initialEmail?: string;
  /** The waiting room's admission ticket, sent with the login. */
  ticket?: string;
  /** The server refused the ticket (403 FILA_*): the person goes back to the waiting room. */
  onTicketRejected?: () => void;
}

export function LoginForm({ initialEmail, ticket, onTicketRejected }: LoginFormProps) {
  const navigate = useNavigate();
  const { notify } = useNotices();
  const login = useLogin();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: initialEmail ?? '', senha: '' },
  });

  useEffect(() => {
    if (initialEmail) setFocus('senha');
  }, [initialEmail, setFocus]);

  const onSubmit = handleSubmit((values) =>
    login.mutate(
      { ...values, ticket },
      {
        // Staff sent here by /admin go back to the back office (docs/decisions/0027-back-office.md).
        onSuccess: () => void navigate(peekPostLoginPath()?.startsWith('/admin') ? peekPostLoginPath()! : '/home'),
        onError: (error) => {
          notify({ message: errorMessage(error), duration: LOGIN_NOTICE_DURATION_MS });
          if (isWaitingRoomTicketRejection(error)) onTicketRejected?.();
        },
      },
    ),
  );

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordField label="Senha" autoComplete="current-password" error={errors.senha?.message} {...register('senha')} />
      <Link className="form__aside-link" to="/esqueceu-a-senha">
        Esqueci a senha
      </Link>
      <button type="submit" className="button button--block" disabled={login.isPending}>
        {login.isPending ? 'Entrando...' : 'Entrar'}
      </button>
      <p className="form__footer">
        Ainda não faz parte? <Link to="/cadastro">Cadastre-se já</Link>
      </p>
    </form>
  );
}
