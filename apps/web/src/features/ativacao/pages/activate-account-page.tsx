import { MSG } from '@legiao/contracts/messages';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../shared/layout/auth-layout';
import { encodeBase64 } from '../../../shared/lib/encoding';
import { Loader } from '../../../shared/ui/loader';
import { useActivateAccount } from '../api/activate-account';

export function ActivateAccountPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const hash = params.get('q');
  const activate = useActivateAccount();
  const posted = useRef<string | null>(null);
  const { mutate } = activate;

  useEffect(() => {
    if (!hash) {
      void navigate('/login', { replace: true });
      return;
    }
    // Post once per link, even when effects run twice (React StrictMode in development).
    if (posted.current === hash) return;
    posted.current = hash;
    mutate(hash, { onError: () => void navigate('/login', { replace: true }) });
  }, [hash, mutate, navigate]);

  const email = activate.data?.email;
  return (
    <AuthLayout>
      {activate.isSuccess && email !== undefined ? (
        <div className="result" role="status">
          <span className="result__icon" aria-hidden="true">
            ✓
          </span>
          <h1 className="auth-card__title">{MSG.ativacaoSucesso}</h1>
          <Link className="button button--block" to={`/login?e=${encodeURIComponent(encodeBase64(email))}`}>
            Acessar
          </Link>
        </div>
      ) : (
        <Loader label="Ativando sua conta..." />
      )}
    </AuthLayout>
  );
}
