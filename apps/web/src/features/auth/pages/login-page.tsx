import { STORAGE } from '@legiao/contracts/storage-keys';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { AuthLayout } from '../../../shared/layout/auth-layout';
import { decodeBase64 } from '../../../shared/lib/encoding';
import { storeValue } from '../../../shared/session/session';
import { LoginForm } from '../components/login-form';
import { LoginGate } from '../components/login-gate';

export function LoginPage() {
  const [params] = useSearchParams();
  const encodedEmail = params.get('e');
  const beneficio = params.get('beneficio');
  const initialEmail = useMemo(() => (encodedEmail ? (decodeBase64(encodedEmail) ?? undefined) : undefined), [encodedEmail]);

  useEffect(() => {
    if (beneficio) storeValue(STORAGE.beneficioChatbot, beneficio);
  }, [beneficio]);

  return (
    <AuthLayout>
      <h1 className="auth-card__title">Entrar na Legião</h1>
      <LoginGate>
        <LoginForm initialEmail={initialEmail} />
      </LoginGate>
    </AuthLayout>
  );
}
