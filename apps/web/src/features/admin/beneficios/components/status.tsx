import { STATE_LABELS, STATUS_LABELS, type BenefitStatus } from '@legiao/contracts/admin/beneficios';
import type { BenefitState } from '@legiao/contracts/beneficio-constants';

const TOM: Record<BenefitStatus, string> = { ativo: 'verde', 'em-breve': 'ambar', encerrado: '', esgotado: 'vermelho', arquivado: '' };

export function SealStatus({ situacao: status }: { situacao: BenefitStatus }) {
  return <span className={`admin-selo${TOM[status] ? ` admin-selo--${TOM[status]}` : ''}`}>{STATUS_LABELS[status]}</span>;
}

const REASON: Record<string, string> = {
  EM_BREVE: 'abre depois',
  ENCERRADO: 'encerrado',
  SALDO_INSUFICIENTE: 'sem saldo',
};

/** The card state a member in the audience (profile complete, enough pontos, no redemption yet) sees. */
export function MemberState({ estado: state, codigo: code }: { estado: BenefitState; codigo: string | null }) {
  return (
    <span>
      {STATE_LABELS[state]}
      {code && REASON[code] && <small className="admin-campo__dica"> ({REASON[code]})</small>}
    </span>
  );
}
