import { MSG } from '@legiao/contracts/messages';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { AuthLayout } from '../../../shared/layout/auth-layout';
import { encodeBase64 } from '../../../shared/lib/encoding';
import { isLoggedIn } from '../../../shared/session/session';
import { Loader } from '../../../shared/ui/loader';
import { useConfirmEmail } from '../api/confirmar-email';

/** The link mailed to the new address (/confirmar-email?q=): confirms the e-mail change. */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const hash = params.get('q');
  const confirm = useConfirmEmail();
  const posted = useRef<string | null>(null);
  const { mutate } = confirm;

  useEffect(() => {
    // Post once per link, even when effects run twice (React StrictMode in development).
    if (!hash || posted.current === hash) return;
    posted.current = hash;
    mutate(hash);
  }, [hash, mutate]);

  const signedIn = isLoggedIn();
  let content;
  if (confirm.isSuccess) {
    const { email, message } = confirm.data;
    content = (
      <div className="result" role="status">
        <span className="result__icon" aria-hidden="true">
          ✓
        </span>
        <h1 className="auth-card__title">{message}</h1>
        <p className="result__text">
          A partir de agora, entre com <strong style={{ overflowWrap: 'anywhere' }}>{email}</strong>.
        </p>
        {signedIn ? (
          <Link className="button button--block" to="/editar-perfil">
            Ir para o meu perfil
          </Link>
        ) : (
          <Link className="button button--block" to={`/login?e=${encodeURIComponent(encodeBase64(email))}`}>
            Acessar
          </Link>
        )}
      </div>
    );
  } else if (!hash || confirm.isError) {
    content = (
      <div className="result" role="alert">
        <h1 className="auth-card__title">Não foi possível confirmar</h1>
        <p className="result__text">{hash ? errorMessage(confirm.error) : MSG.linkInvalido}</p>
        <Link className="button button--block" to={signedIn ? '/alterar-email' : '/login'}>
          {signedIn ? 'Pedir um novo link' : 'Ir para o login'}
        </Link>
      </div>
    );
  } else {
    content = <Loader label="Confirmando seu novo e-mail..." />;
  }
  return <AuthLayout>{content}</AuthLayout>;
}
