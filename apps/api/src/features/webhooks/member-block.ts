import type pg from 'pg';
import type { WebhookMemberBlock } from '@legiao/contracts/webhooks/catalogue';
import { consentColumns, consentLastChangesJoin, consentsOf, type ConsentColumns } from '../consentimento/last-changes.js';

// The optional member block of an endpoint's deliveries (docs/decisions/0045-crm-personal-data.md):
// for an endpoint with incluir_membro, the member the event names (evento.membro_id) as they are at
// the attempt, never stored in the event (a stored payload holds no personal data, so an erasure has
// nothing personal to chase in the events). None on conta.excluida, none for a deleted account or an
// event naming no member. One statement: the endpoint's option, the member and the read log's row
// (motivo 'evento', the endpoint's description, or its URL without one), so each attempt that sends
// the block is on the member's record.

interface BlockRow extends ConsentColumns {
  id: string;
  email: string;
  nome: string;
  tipo: WebhookMemberBlock['tipo'];
  ativo: boolean;
}

const SQL = `
  WITH ep AS (SELECT id, coalesce(nullif(descricao, ''), url) AS nome FROM webhook_endpoint WHERE id = $1 AND incluir_membro),
       m AS (SELECT u.* FROM evento ev JOIN usuario u ON u.id = ev.membro_id
              WHERE ev.id = $2 AND ev.tipo <> 'conta.excluida' AND u.excluido_em IS NULL AND EXISTS (SELECT 1 FROM ep)),
       leitura AS (INSERT INTO leitura_dados_integracao (endpoint_id, nome, usuario_id, motivo) SELECT ep.id, ep.nome, m.id, 'evento' FROM ep, m)
  SELECT m.id::text, m.email, m.nome, m.tipo::text AS tipo, (m.ativo AND m.bloqueado_em IS NULL) AS ativo,
         ${consentColumns('m')}
    FROM m ${consentLastChangesJoin('m')}`;

/** The block for this attempt, or undefined (option off, no member named, or the account deleted). */
export async function memberBlock(pool: pg.Pool, endpointId: string, eventId: string): Promise<WebhookMemberBlock | undefined> {
  const { rows } = await pool.query<BlockRow>({ name: 'webhook-membro', text: SQL, values: [endpointId, eventId] });
  const r = rows[0];
  if (!r) return undefined;
  return { id: r.id, email: r.email, nome: r.nome, tipo: r.tipo, ativo: r.ativo, consentimentos: consentsOf(r) };
}
