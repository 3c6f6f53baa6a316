import type { FilaServerMessage } from '@legiao/contracts/fila';
import { FILA_ERROR_CODES, FILA_MOTIVOS_SAIDA } from '@legiao/contracts/fila-constantes';

// The hub's messages checked by hand, not with the zod schema (filaServerMessageSchema): every
// logged-in page loads this client and zod must not come with it (docs/decisions/0016-home-performance.md).
// mensagem-servidor.test.ts holds this check to the contract's schema, sample by sample.

const inteiro = (v: unknown, min: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min;
const texto = (v: unknown): v is string => typeof v === 'string';
const umDe = <T extends string>(lista: readonly T[], v: unknown): v is T => lista.includes(v as T);

/** The message when it passes the contract (known type, its fields with their types), else null. */
export function comoMensagemDoServidor(raw: unknown): FilaServerMessage | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const m = raw as Record<string, unknown>;
  switch (m.type) {
    case 'ReceiveQueuePosition':
      return inteiro(m.posicao, 1) && inteiro(m.quantidade, 1) ? { type: m.type, posicao: m.posicao, quantidade: m.quantidade } : null;
    case 'ProceedToLogin':
      return texto(m.ticket) && texto(m.expiraEm) ? { type: m.type, ticket: m.ticket, expiraEm: m.expiraEm } : null;
    case 'ProceedToLogout':
      return umDe(FILA_MOTIVOS_SAIDA, m.motivo) ? { type: m.type, motivo: m.motivo } : null;
    case 'ReceiveActiveUsers':
      return inteiro(m.ativos, 0) && inteiro(m.aguardando, 0) ? { type: m.type, ativos: m.ativos, aguardando: m.aguardando } : null;
    case 'Error':
      if (!umDe(FILA_ERROR_CODES, m.code) || !texto(m.message)) return null;
      if (m.requestType !== undefined && !texto(m.requestType)) return null;
      return { type: m.type, code: m.code, message: m.message, ...(m.requestType === undefined ? {} : { requestType: m.requestType }) };
    default:
      return null;
  }
}
