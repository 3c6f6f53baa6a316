import { POINTS } from '@legiao/contracts/extrato-constants';
import { useState } from 'react';
import { Link } from 'react-router';
import type { LoggedUser } from '../../../shared/session/get-logged-user';
import { Modal } from '../../../shared/ui/modal';
import { useReferralSummary } from '../api/get-referral';
import { pointCount } from '../lib/formatar';

/**
 * The referral balance (spec 000 section 2): the points, confirmed referrals, how points are
 * earned and 'Ver saldo'. Staff and leads have no balance (section 6): not shown, and staff would
 * get a 403 from GET /indicacao.
 */
export function ReferralsBalance({ user }: { user: Pick<LoggedUser, 'saldo' | 'colaborador' | 'lead'> }) {
  const participates = !user.colaborador && !user.lead;
  const summary = useReferralSummary({ enabled: participates });
  const [explaining, setExplaining] = useState(false);
  if (!participates) return null;
  const referralValue = summary.data?.valorIndicacao ?? POINTS.indicacao;

  return (
    <div className="beneficios-saldo">
      <div className="beneficios-saldo__numeros">
        <p className="beneficios-saldo__valor">
          <span className="beneficios-saldo__rotulo">Seu saldo</span>
          <strong data-testid="saldo-pontos">{pointCount(user.saldo)}</strong>
        </p>
        {summary.data ? (
          <p className="beneficios-saldo__indicacoes">
            {summary.data.confirmados} {summary.data.confirmados === 1 ? 'indicação confirmada' : 'indicações confirmadas'}
          </p>
        ) : null}
      </div>
      <div className="beneficios-saldo__acoes">
        <button type="button" className="beneficios-saldo__como" onClick={() => setExplaining(true)}>
          Como funciona o saldo?
        </button>
        <Link className="button button--small button--ghost" to="/extrato">
          Ver saldo
        </Link>
      </div>
      {explaining ? (
        <Modal titulo="Como funciona o saldo" onClose={() => setExplaining(false)}>
          <p className="modal__texto">Você junta pontos e troca por benefícios. Cada benefício mostra quantos pontos custa.</p>
          <ul className="beneficios-saldo__regras">
            <li>
              Cada amigo indicado que ativar a conta e tiver uma compra verificada: <strong>{pointCount(referralValue)}</strong>.
            </li>
            <li>
              Cada produto comprado no site oficial (compra verificada): <strong>{pointCount(POINTS.compra)}</strong>.
            </li>
            <li>
              Responder a pesquisa de personalização do portal: <strong>{pointCount(POINTS.enriquecimentoPerfil)}</strong>.
            </li>
          </ul>
          <p className="modal__texto">Ao resgatar um benefício, o custo dele sai do seu saldo. Tudo aparece no extrato.</p>
          <div className="modal__acoes">
            <Link className="button" to="/extrato">
              Ver saldo
            </Link>
          </div>
        </Modal>
      ) : null}
    </div>
  );
}
