import { PONTOS } from '@legiao/contracts/extrato-constantes';
import { useState } from 'react';
import { Link } from 'react-router';
import type { LoggedUser } from '../../../shared/session/get-logged-user';
import { Modal } from '../../../shared/ui/modal';
import { useIndicacaoResumo } from '../api/get-indicacao';
import { qtdPontos } from '../lib/formatar';

/**
 * The referral balance (spec 000 section 2): the points, confirmed referrals, how points are
 * earned and 'Ver saldo'. Staff and leads have no balance (section 6): not shown, and staff would
 * get a 403 from GET /indicacao.
 */
export function SaldoIndicacoes({ user }: { user: Pick<LoggedUser, 'saldo' | 'colaborador' | 'lead'> }) {
  const participa = !user.colaborador && !user.lead;
  const resumo = useIndicacaoResumo({ enabled: participa });
  const [explicando, setExplicando] = useState(false);
  if (!participa) return null;
  const valorIndicacao = resumo.data?.valorIndicacao ?? PONTOS.indicacao;

  return (
    <div className="beneficios-saldo">
      <div className="beneficios-saldo__numeros">
        <p className="beneficios-saldo__valor">
          <span className="beneficios-saldo__rotulo">Seu saldo</span>
          <strong data-testid="saldo-pontos">{qtdPontos(user.saldo)}</strong>
        </p>
        {resumo.data ? (
          <p className="beneficios-saldo__indicacoes">
            {resumo.data.confirmados} {resumo.data.confirmados === 1 ? 'indicação confirmada' : 'indicações confirmadas'}
          </p>
        ) : null}
      </div>
      <div className="beneficios-saldo__acoes">
        <button type="button" className="beneficios-saldo__como" onClick={() => setExplicando(true)}>
          Como funciona o saldo?
        </button>
        <Link className="button button--small button--ghost" to="/extrato">
          Ver saldo
        </Link>
      </div>
      {explicando ? (
        <Modal titulo="Como funciona o saldo" onClose={() => setExplicando(false)}>
          <p className="modal__texto">Você junta pontos e troca por benefícios. Cada benefício mostra quantos pontos custa.</p>
          <ul className="beneficios-saldo__regras">
            <li>
              Cada amigo indicado que ativar a conta e tiver uma compra verificada: <strong>{qtdPontos(valorIndicacao)}</strong>.
            </li>
            <li>
              Cada produto comprado no site oficial (compra verificada): <strong>{qtdPontos(PONTOS.compra)}</strong>.
            </li>
            <li>
              Responder a pesquisa de personalização do portal: <strong>{qtdPontos(PONTOS.enriquecimentoPerfil)}</strong>.
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
