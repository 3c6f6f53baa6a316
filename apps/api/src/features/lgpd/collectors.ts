import { MY_DATA_FORMAT, type IntegrationRead, type LaunchAlertData, type LaunchData } from '@legiao/contracts';
import type { Db } from '../../db/prisma.js';
import { listConsents } from '../consentimento/consentimento.service.js';

/**
 * One part of the member's data export (LGPD Art. 18 II and V: access and portability). Each
 * feature that keeps personal data adds its collector to COLLECTORS: one entry, one key in the file.
 */
export interface DataCollector {
  /** Key of this part in the exported JSON. */
  key: string;
  collect(prisma: Db, userId: string): Promise<unknown>;
}

const holder: DataCollector = {
  key: 'titular',
  async collect(prisma, userId) {
    const { senhaHash: passwordHash, ...u } = await prisma.usuario.findUniqueOrThrow({ where: { id: userId } });
    // The password's hash is a credential, not information about the person: only whether there is one.
    return { ...u, temSenha: passwordHash !== null };
  },
};

const consents: DataCollector = {
  key: 'consentimentos',
  collect: (prisma, userId) => listConsents(prisma, userId),
};

const sessions: DataCollector = {
  key: 'sessoes',
  collect: (prisma, userId) =>
    prisma.sessao.findMany({ where: { usuarioId: userId }, orderBy: { criadaEm: 'desc' }, select: { criadaEm: true, expiraEm: true, revogadaEm: true, ip: true, userAgent: true } }),
};

const socialAccounts: DataCollector = {
  key: 'contasSociais',
  collect: (prisma, userId) =>
    prisma.contaSocial.findMany({ where: { usuarioId: userId }, orderBy: { criadoEm: 'asc' }, select: { provider: true, providerUserId: true, email: true, criadoEm: true, ultimoUsoEm: true } }),
};

const links: DataCollector = {
  key: 'linksEnviados',
  // Activation, password reset and automatic login links: when, not the secrets (only digests are kept).
  collect: (prisma, userId) =>
    prisma.tokenConta.findMany({ where: { usuarioId: userId }, orderBy: { criadoEm: 'desc' }, select: { tipo: true, criadoEm: true, expiraEm: true, usadoEm: true } }),
};

const emailChanges: DataCollector = {
  key: 'alteracoesEmail',
  collect: (prisma, userId) =>
    prisma.alteracaoEmail.findMany({ where: { usuarioId: userId }, orderBy: { criadoEm: 'desc' }, select: { novoEmail: true, criadoEm: true, expiraEm: true, usadoEm: true } }),
};

const emails: DataCollector = {
  key: 'emails',
  async collect(prisma, userId) {
    const { email } = await prisma.usuario.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
    return prisma.emailSaida.findMany({ where: { para: email }, orderBy: { criadoEm: 'desc' }, select: { para: true, assunto: true, status: true, criadoEm: true, enviadoEm: true } });
  },
};

const products: DataCollector = {
  key: 'produtos',
  async collect(prisma, userId) {
    const entries = await prisma.produtoCliente.findMany({
      where: { usuarioId: userId },
      orderBy: { criadoEm: 'asc' },
      include: { produto: { select: { sku: true, nome: true, categoria: true, subcategoria: true } }, numerosLegionario: { select: { numero: true }, orderBy: { numero: 'asc' } } },
    });
    return entries.map(({ produto: product, numerosLegionario: memberNumbers, usuarioId: _u, produtoId: _p, ...e }) => ({ ...e, produto: product, numerosLegionario: memberNumbers.map((n) => n.numero) }));
  },
};

// The economy (docs/decisions/0009-economy.md): the statement, redemptions with their coupons, referrals.
const statement: DataCollector = {
  key: 'extrato',
  collect: (prisma, userId) =>
    prisma.lancamento.findMany({ where: { usuarioId: userId }, orderBy: { data: 'asc' }, select: { motivo: true, valor: true, data: true } }),
};

const redemptions: DataCollector = {
  key: 'resgates',
  collect: (prisma, userId) =>
    prisma.resgate.findMany({
      where: { usuarioId: userId },
      orderBy: { criadoEm: 'asc' },
      select: { id: true, valor: true, criadoEm: true, beneficio: { select: { nome: true } }, opcao: { select: { nome: true } }, cupom: { select: { codigo: true, usadoEm: true } } },
    }),
};

const referrals: DataCollector = {
  key: 'indicacoes',
  // Who the member referred is another person's data: only the status and dates of each referral.
  async collect(prisma, userId) {
    const select = { status: true, criadaEm: true, confirmadaEm: true } as const;
    const [done, received] = await Promise.all([
      prisma.indicacao.findMany({ where: { indicadorId: userId }, orderBy: { criadaEm: 'asc' }, select }),
      prisma.indicacao.findUnique({ where: { indicadoId: userId }, select }),
    ]);
    return { feitas: done, recebida: received };
  },
};

const friendsFamilyCoupons: DataCollector = {
  key: 'cuponsFriendsFamily',
  collect: (prisma, userId) =>
    prisma.cupomFriendsFamily.findMany({ where: { usuarioId: userId }, orderBy: [{ mes: 'asc' }, { ordem: 'asc' }], select: { mes: true, codigo: true, percentual: true, validoAte: true, usadoEm: true } }),
};

/**
 * The integrations that read the member's personal data (docs/decisions/0045-crm-personal-data.md),
 * from the read log: one line per API client or webhook endpoint, by the name it had at its latest
 * read (a revoked client or a deleted endpoint is still listed under it).
 */
const integrationReads: DataCollector = {
  key: 'integracoes',
  async collect(prisma, userId): Promise<IntegrationRead[]> {
    const rows = await prisma.$queryRaw<{ nome: string; tipo: 'chave' | 'webhook'; motivos: IntegrationRead['motivos']; primeira: string; ultima: string; vezes: number }[]>`
      SELECT (array_agg(l.nome ORDER BY l.criado_em DESC, l.id DESC))[1] AS nome,
             CASE WHEN l.cliente_id IS NOT NULL THEN 'chave' ELSE 'webhook' END AS tipo,
             array_agg(DISTINCT l.motivo ORDER BY l.motivo) AS motivos,
             webhook_iso(min(l.criado_em) AT TIME ZONE 'UTC') AS primeira, webhook_iso(max(l.criado_em) AT TIME ZONE 'UTC') AS ultima,
             count(*)::int AS vezes
        FROM leitura_dados_integracao l
       WHERE l.usuario_id = ${userId}::uuid
       GROUP BY l.cliente_id, l.endpoint_id
       ORDER BY max(l.criado_em) DESC, max(l.id) DESC`;
    return rows.map((r) => ({ nome: r.nome, tipo: r.tipo, motivos: r.motivos, primeiraEm: r.primeira, ultimaEm: r.ultima, vezes: r.vezes }));
  },
};

/**
 * The launches (docs/decisions/0047-launches.md): each one the member saw in the portal, opened their
 * personal access to or bought in its early access, with the code and the orders that used it.
 */
const launches: DataCollector = {
  key: 'lancamentos',
  async collect(prisma, userId): Promise<LaunchData[]> {
    return prisma.$queryRaw<LaunchData[]>`
      SELECT lp.slug AS lancamento, lp.nome,
             webhook_iso(v.primeira_em AT TIME ZONE 'UTC') AS "vistoEm", v.elegivel AS "elegivelAoVer", webhook_iso(v.acessado_em AT TIME ZONE 'UTC') AS "acessadoEm",
             a.codigo, coalesce(a.cota_usada, 0)::int AS "cotaUsada",
             coalesce((SELECT json_agg(json_build_object(
                         'pedido', pl.pedido, 'unidades', p.unidades,
                         'situacao', CASE WHEN p.sem_direito THEN 'sem-direito' WHEN p.acima_da_cota THEN 'acima-da-cota' ELSE 'na-cota' END,
                         'canceladoEm', webhook_iso(p.cancelado_em AT TIME ZONE 'UTC'), 'em', webhook_iso(p.criado_em AT TIME ZONE 'UTC')) ORDER BY p.criado_em)
                         FROM lancamento_pedido p JOIN pedido_loja pl ON pl.id = p.pedido_loja_id
                        WHERE p.lancamento_id = lp.id AND p.usuario_id = ${userId}::uuid), '[]'::json) AS pedidos
        FROM lancamento_produto lp
        LEFT JOIN lancamento_visualizacao v ON v.lancamento_id = lp.id AND v.usuario_id = ${userId}::uuid
        LEFT JOIN acesso_antecipado a ON a.lancamento_id = lp.id AND a.usuario_id = ${userId}::uuid
       WHERE v.usuario_id IS NOT NULL OR a.usuario_id IS NOT NULL
          OR EXISTS (SELECT 1 FROM lancamento_pedido p WHERE p.lancamento_id = lp.id AND p.usuario_id = ${userId}::uuid)
       ORDER BY coalesce(v.primeira_em, a.criado_em AT TIME ZONE 'UTC') DESC NULLS LAST, lp.slug`;
  },
};

/** "Avise-me" (docs/decisions/0049-launch-alert-waves.md): each request and what became of its e-mail. */
const launchAlerts: DataCollector = {
  key: 'avisosLancamento',
  collect: (prisma, userId) => prisma.$queryRaw<LaunchAlertData[]>`
    SELECT lp.slug AS lancamento, lp.nome, a.status::text AS situacao,
           webhook_iso(a.pedido_em AT TIME ZONE 'UTC') AS "pedidoEm", webhook_iso(a.cancelado_em AT TIME ZONE 'UTC') AS "canceladoEm",
           webhook_iso(a.enviado_em AT TIME ZONE 'UTC') AS "enviadoEm",
           webhook_iso(a.devolvido_em AT TIME ZONE 'UTC') AS "devolvidoEm", a.tentativas, a.motivo
      FROM lancamento_aviso a JOIN lancamento_produto lp ON lp.id = a.lancamento_id
     WHERE a.usuario_id = ${userId}::uuid ORDER BY a.pedido_em DESC, lp.slug`,
};

/** Every part of the export, in file order. Later features: add yours here. */
export const COLLECTORS: DataCollector[] = [
  holder,
  consents,
  products,
  statement,
  redemptions,
  referrals,
  friendsFamilyCoupons,
  socialAccounts,
  sessions,
  links,
  emailChanges,
  emails,
  launches,
  launchAlerts,
  integrationReads,
];

/** GET /usuario/meus-dados: everything the portal keeps about the member, as one JSON document. */
export async function exportMemberData(prisma: Db, userId: string) {
  const parts = await Promise.all(COLLECTORS.map(async (c) => [c.key, await c.collect(prisma, userId)] as const));
  return { formato: MY_DATA_FORMAT, geradoEm: new Date().toISOString(), ...Object.fromEntries(parts) } as { formato: typeof MY_DATA_FORMAT; geradoEm: string } & Record<string, unknown>;
}
