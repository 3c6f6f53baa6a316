import type { SignedInUser } from '@legiao/contracts/usuario';
import { useId } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/api-error';
import { useNotices } from '../../../shared/notices/notice-context';
import { useConfirmBouncedEmail } from '../api/confirm-bounced-email';
import './bounced-email-notice.css';

const FAILED = 'Não foi possível registrar agora. Tente de novo em instantes.';

/**
 * "Não conseguimos entregar e-mails em ...": shown on the home and in Meu perfil while the account's
 * address has a hard bounce on record (`emailDevolvidoEm`; docs/decisions/0049-launch-alert-waves.md,
 * "Bounces that arrive later"). Launch alerts skip the address meanwhile; the member either changes it
 * (/alterar-email: a new address starts clean) or says it is right, and the alerts go to it again.
 */
export function BouncedEmailNotice({ user }: { user: Pick<SignedInUser, 'email' | 'emailDevolvidoEm'> }) {
  const titleId = useId();
  const { notify } = useNotices();
  const confirm = useConfirmBouncedEmail();
  if (!user.emailDevolvidoEm) return null;

  const confirmNow = () => confirm.mutate(undefined, { onSuccess: ({ message }) => notify({ message, kind: 'success' }) });
  return (
    <section className="aviso-email" role="status" aria-labelledby={titleId} data-testid="aviso-email-devolvido">
      <h2 id={titleId} className="aviso-email__titulo">
        Seus e-mails não estão chegando
      </h2>
      <p className="aviso-email__texto">
        Não conseguimos entregar e-mails em <strong className="email-destaque">{user.email}</strong>. Confira se o endereço está certo: se
        estiver errado, altere-o no seu perfil; se estiver certo, avise-nos para voltarmos a enviar.
      </p>
      <div className="aviso-email__acoes">
        <button type="button" className="button button--small" disabled={confirm.isPending} onClick={confirmNow}>
          Meu e-mail está certo
        </button>
        <Link className="button button--small button--ghost" to="/alterar-email">
          Alterar meu e-mail
        </Link>
      </div>
      {confirm.isError ? (
        <p className="field__error" role="alert">
          {confirm.error instanceof ApiError ? confirm.error.message : FAILED}
        </p>
      ) : null}
    </section>
  );
}
