import { z } from 'zod';
import { CONSENT_CHANNELS } from '../consentimento.js';
import { MEMBER_KINDS } from './consultas.js';

// The CRM's calls (issue 30; docs/decisions/0045-crm-personal-data.md): a member's personal data by
// id and the sync list (scope membros:dados), and consents reported by the CRM (scope
// consentimentos:escrever). Every personal field that leaves the portal is listed in the ADR with
// its purpose; nothing else does.

export const MEMBER_DATA_MSG = {
  membroNaoEncontrado: 'Membro não encontrado.',
  membroExcluido: 'Este membro excluiu a conta: os dados pessoais dele foram apagados (LGPD). Apague também o que você guarda dele.',
  cursorInvalido: 'Cursor inválido: use o proximoCursor de uma resposta anterior, sem alterá-lo.',
  limiteInvalido: 'limite deve ser um número inteiro de 1 a 1000.',
  dataInvalida: 'Data inválida: use data e hora ISO 8601 com fuso (ex.: 2026-11-28T12:00:00Z).',
  canalInvalido: 'Canal inválido: use email, sms ou whatsapp.',
  concedidoInvalido: 'Informe concedido: true (consentiu) ou false (retirou o consentimento).',
  emNoFuturo: 'A data da mudança (em) está no futuro: confira o relógio do CRM.',
  maisAntiga: 'Ignorado: o histórico do membro já tem uma mudança deste canal igual ou mais recente.',
  igual: 'Ignorado: o consentimento já está assim.',
} as const;

/** How far in the future a reported change may be (clock slack between the CRM and the portal). */
export const CONSENT_CLOCK_SLACK_MS = 5 * 60_000;
export const SYNC_PAGE = { default: 100, min: 1, max: 1000 } as const;

export const memberIdParamsSchema = z.object({ id: z.uuid({ error: MEMBER_DATA_MSG.membroNaoEncontrado }).describe('O id do membro (membroId dos eventos).') });
export type MemberIdParams = z.infer<typeof memberIdParamsSchema>;

const channelConsentSchema = z.object({
  concedido: z.boolean().describe('O membro aceita receber comunicação por este canal.'),
  em: z.string().nullable().describe('Quando este canal mudou pela última vez (ISO 8601, UTC); null: nunca mudou (nunca consentiu).'),
});
export const memberConsentsSchema = z.object({ email: channelConsentSchema, sms: channelConsentSchema, whatsapp: channelConsentSchema });
export type MemberConsents = z.infer<typeof memberConsentsSchema>;

export const memberCollectionSchema = z.object({
  produtos: z.number().int().describe('Produtos diferentes com compra verificada que o membro tem (sem cancelados nem os comprados só para presente).'),
  numerosLegionario: z.number().int().describe('Números de legionário desses produtos.'),
});

const kind = z.enum(MEMBER_KINDS).describe('legionario (membro), lead ou colaborador.');
const phone = z
  .string()
  .nullable()
  .describe('Celular com DDD, só dígitos; só vem quando o membro consentiu SMS ou WhatsApp (para o CRM honrar esse consentimento), senão null.');

const EXAMPLE_ID = '0b8f6a1e-6f1c-4f3e-9a55-2a8f3c1d9e01';
const EXAMPLE_MEMBER = {
  id: EXAMPLE_ID,
  email: 'joana@exemplo.com.br',
  nome: 'Joana Silva',
  tipo: 'legionario' as const,
  ativo: true,
  celular: '21987654321',
  consentimentos: { email: { concedido: true, em: '2026-11-01T10:00:00.000Z' }, sms: { concedido: true, em: '2026-11-01T10:00:00.000Z' }, whatsapp: { concedido: true, em: '2026-11-01T10:00:00.000Z' } },
  saldo: 250,
  colecao: { produtos: 3, numerosLegionario: 2 },
  atualizadoEm: '2026-11-28T12:30:00.000Z',
};

/** GET /api/integracao/v1/membros/{id}: exactly these fields. */
export const memberDataSchema = z.object({
  id: z.string().describe('Identificador do membro (uuid).'),
  email: z.string().describe('E-mail da conta.'),
  nome: z.string().describe('Nome como o membro escreveu no perfil.'),
  tipo: kind,
  ativo: z.boolean().describe('A conta foi ativada e não está bloqueada.'),
  celular: phone,
  consentimentos: memberConsentsSchema,
  saldo: z.number().int().describe('Saldo em pontos, como o extrato do membro calcula.'),
  colecao: memberCollectionSchema,
  atualizadoEm: z.string().describe('Quando um destes campos (menos saldo e colecao) mudou pela última vez (ISO 8601, UTC).'),
}).meta({ example: EXAMPLE_MEMBER });
export type MemberData = z.infer<typeof memberDataSchema>;

/** A member in the sync list: the same fields, or a tombstone (excluido: true, every personal field null). */
export const memberSyncItemSchema = z.object({
  id: z.string().describe('Identificador do membro (uuid).'),
  excluido: z.boolean().describe('true: o membro excluiu a conta; apague o que você guarda dele (os outros campos vêm null).'),
  excluidoEm: z.string().nullable().describe('Quando a conta foi excluída (ISO 8601, UTC); null se não foi.'),
  email: z.string().nullable(),
  nome: z.string().nullable(),
  tipo: kind.nullable(),
  ativo: z.boolean().nullable(),
  celular: phone,
  consentimentos: memberConsentsSchema.nullable(),
  saldo: z.number().int().nullable(),
  colecao: memberCollectionSchema.nullable(),
  atualizadoEm: z.string().describe('Quando o membro mudou pela última vez (ISO 8601, UTC).'),
});
export type MemberSyncItem = z.infer<typeof memberSyncItemSchema>;

const limitSchema = z
  .string({ error: MEMBER_DATA_MSG.limiteInvalido })
  .regex(/^\d{1,4}$/, MEMBER_DATA_MSG.limiteInvalido)
  .transform(Number)
  .refine((n) => n >= SYNC_PAGE.min && n <= SYNC_PAGE.max, MEMBER_DATA_MSG.limiteInvalido);

const isoDateTime = (message: string) => z.iso.datetime({ offset: true, error: message });

/** GET /api/integracao/v1/membros/sincronizacao?cursor=&alteradosDesde=&limite= */
export const memberSyncQuerySchema = z.object({
  cursor: z
    .string({ error: MEMBER_DATA_MSG.cursorInvalido })
    .max(200, MEMBER_DATA_MSG.cursorInvalido)
    .optional()
    .describe('O proximoCursor da resposta anterior; sem ele, a lista começa do início.'),
  alteradosDesde: isoDateTime(MEMBER_DATA_MSG.dataInvalida).optional().describe('Só membros alterados a partir desta data e hora (ISO 8601 com fuso).'),
  limite: limitSchema.optional().describe('Membros por página, de 1 a 1000 (padrão 100).'),
});
export type MemberSyncQuery = z.infer<typeof memberSyncQuerySchema>;

export const memberSyncPageSchema = z.object({
  membros: z.array(memberSyncItemSchema),
  proximoCursor: z.string().describe('Onde continuar: guarde-o e passe-o na próxima chamada (também no fim: trará só o que mudar depois).'),
  temMais: z.boolean().describe('true: chame de novo já com proximoCursor; false: por ora acabou (chame mais tarde com o mesmo proximoCursor).'),
}).meta({
  example: {
    membros: [
      { ...EXAMPLE_MEMBER, excluido: false, excluidoEm: null },
      { id: '7c2e9f10-1a3b-4d5e-8f60-718293a4b5c6', excluido: true, excluidoEm: '2026-11-27T09:00:00.000Z', email: null, nome: null, tipo: null, ativo: null, celular: null, consentimentos: null, saldo: null, colecao: null, atualizadoEm: '2026-11-27T09:00:00.000Z' },
    ],
    proximoCursor: 'ODgxMjM0LjdjMmU5ZjEwLTFhM2ItNGQ1ZS04ZjYwLTcxODI5M2E0YjVjNg',
    temMais: false,
  },
});
export type MemberSyncPage = z.infer<typeof memberSyncPageSchema>;

/** POST /api/integracao/v1/membros/{id}/consentimentos */
export const consentReportSchema = z.object({
  canal: z.enum(CONSENT_CHANNELS, { error: MEMBER_DATA_MSG.canalInvalido }).describe('email, sms ou whatsapp.'),
  concedido: z.boolean({ error: MEMBER_DATA_MSG.concedidoInvalido }).describe('false: o membro se descadastrou (retirou o consentimento); true: consentiu.'),
  em: isoDateTime(MEMBER_DATA_MSG.dataInvalida).describe('Quando aconteceu no CRM (ISO 8601 com fuso); no máximo 5 minutos no futuro.'),
}).meta({ example: { canal: 'email', concedido: false, em: '2026-11-28T12:29:00-03:00' } });
export type ConsentReport = z.infer<typeof consentReportSchema>;

export const consentReportResultSchema = z.object({
  aplicado: z.boolean().describe('true: o consentimento do membro mudou agora; false: nada mudou (veja motivo).'),
  motivo: z.string().nullable().describe('Por que não foi aplicado; null quando foi.'),
  consentimento: z
    .object({ canal: z.enum(CONSENT_CHANNELS), concedido: z.boolean(), em: z.string().nullable() })
    .describe('Como este canal ficou no portal (só o canal informado: o resto exige o escopo membros:dados).'),
}).meta({ example: { aplicado: true, motivo: null, consentimento: { canal: 'email', concedido: false, em: '2026-11-28T15:29:00.000Z' } } });
export type ConsentReportResult = z.infer<typeof consentReportResultSchema>;
