import { ESTADO_LABELS, SITUACAO_LABELS, type SituacaoBeneficio } from '@legiao/contracts/admin/beneficios';
import type { EstadoBeneficio } from '@legiao/contracts/beneficio-constantes';

const TOM: Record<SituacaoBeneficio, string> = { ativo: 'verde', 'em-breve': 'ambar', encerrado: '', esgotado: 'vermelho', arquivado: '' };

export function SituacaoSelo({ situacao }: { situacao: SituacaoBeneficio }) {
  return <span className={`admin-selo${TOM[situacao] ? ` admin-selo--${TOM[situacao]}` : ''}`}>{SITUACAO_LABELS[situacao]}</span>;
}

const MOTIVO: Record<string, string> = {
  EM_BREVE: 'abre depois',
  ENCERRADO: 'encerrado',
  SALDO_INSUFICIENTE: 'sem saldo',
};

/** The card state a member in the audience (profile complete, enough pontos, no redemption yet) sees. */
export function EstadoMembro({ estado, codigo }: { estado: EstadoBeneficio; codigo: string | null }) {
  return (
    <span>
      {ESTADO_LABELS[estado]}
      {codigo && MOTIVO[codigo] && <small className="admin-campo__dica"> ({MOTIVO[codigo]})</small>}
    </span>
  );
}
