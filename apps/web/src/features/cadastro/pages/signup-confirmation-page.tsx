import { MSG } from '@legiao/contracts/messages';
import { Link } from 'react-router';
import { AuthLayout } from '../../../shared/layout/auth-layout';

export function SignupConfirmationPage() {
  return (
    <AuthLayout>
      <div className="result">
        <span className="result__icon" aria-hidden="true">
          ✓
        </span>
        <h1 className="auth-card__title">{MSG.cadastroSucesso}</h1>
        <p className="result__text">
          Enviamos um e-mail de confirmação para você. Clique no link do e-mail para ativar sua conta.
        </p>
        <Link className="button button--block" to="/login">
          LOGIN
        </Link>
        <p className="form__footer">
          Não recebeu o e-mail? <Link to="/ativacao">Reenviar e-mail de ativação</Link>
        </p>
      </div>
    </AuthLayout>
  );
}
