import { STORAGE } from '@legiao/contracts/storage-keys';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { AuthLayout } from '../../../shared/layout/auth-layout';
import { decodeBase64 } from '../../../shared/lib/encoding';
import { storeValue } from '../../../shared/session/session';
import { AutoLogin } from '../components/auto-login';
import { LoginForm } from '../components/login-form';
import { LoginGate } from '../components/login-gate';
import { SocialButtons } from '../../social/components/social-buttons';

export function LoginPage() {
  const [params] = useSearchParams();
  const encodedEmail = params.get('e');
  const benefit = params.get('beneficio');
  const hash = params.get('hash');
  const code = params.get('code');
  const initialEmail = useMemo(() => (encodedEmail ? (decodeBase64(encodedEmail) ?? undefined) : undefined), [encodedEmail]);

  useEffect(() => {
    if (benefit) storeValue(STORAGE.beneficioChatbot, benefit);
  }, [benefit]);

  return (
    <AuthLayout>
      <h1 className="auth-card__title">Entrar na Legião</h1>
      <LoginGate>
        {({ ticket, rejoin }) =>
          hash && code ? (
            <AutoLogin hash={hash} code={code} ticket={ticket} onTicketRejected={rejoin} />
          ) : (
            <>
              <LoginForm initialEmail={initialEmail} ticket={ticket} onTicketRejected={rejoin} />
              <SocialButtons ticket={ticket} />
            </>
          )
        }
      </LoginGate>
    </AuthLayout>
  );
}
