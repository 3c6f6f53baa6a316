import { MEMBERS_MSG, type MemberList, type MemberDetail, type listPageSchema } from '@legiao/contracts/admin/membros';
import type { z } from 'zod';
import { poolOf, type Db } from '../../../db/prisma.js';
import { notFound } from '../../../errors/app-error.js';
import { achievementsOf } from '../../conquista/conquista.service.js';
import { statementReason } from '../../ledger/ledger.service.js';
import type { MotivoLancamento } from '../../../generated/prisma/enums.js';
import { listConsents } from '../../consentimento/consentimento.service.js';
import { stateSql } from './search.service.js';
import { launchesOfMember } from '../lancamentos/lancamentos.service.js';

// The member page (issue 17 item 2; docs/decisions/0031-back-office-members.md): one call for what
// is small and bounded (profile, consents, state, products, achievements, surveys), and paged lists
// for what grows (ledger, redemptions, referrals, sessions, e-mails, audit entries).

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export async function memberDetail(prisma: Db, id: string, approvalLimit: number, foundersUntil: Date): Promise<MemberDetail> {
  const pool = poolOf(prisma);
  const u = await prisma.usuario.findUnique({ where: { id } });
  if (!u) throw notFound(MEMBERS_MSG.membroNaoEncontrado);
  const [{ rows: [state] }, consents, balance, achievements, accounts, products, referral, participations, pending, launches] = await Promise.all([
    pool.query<{ estado: MemberDetail['estado'] }>(`SELECT ${stateSql} AS estado FROM usuario u WHERE u.id = $1`, [id]),
    listConsents(prisma, id),
    prisma.lancamento.aggregate({ where: { usuarioId: id }, _sum: { valor: true } }),
    achievementsOf(pool, u, { foundersUntil }),
    prisma.contaSocial.findMany({ where: { usuarioId: id }, orderBy: { criadoEm: 'asc' } }),
    prisma.produtoCliente.findMany({
      where: { usuarioId: id },
      orderBy: { dataCompra: 'desc' },
      include: { produto: { select: { nome: true, sku: true } }, numerosLegionario: { select: { numero: true }, orderBy: { numero: 'asc' } }, pedidoLoja: { select: { cliente: { select: { nome: true } } } } },
    }),
    prisma.indicacao.findUnique({ where: { indicadoId: id }, include: { indicador: { select: { id: true, nome: true } } } }),
    prisma.pesquisaParticipacao.findMany({
      where: { usuarioId: id },
      orderBy: { criadaEm: 'desc' },
      include: { pesquisa: { select: { nome: true, tipo: true } }, respostas: { orderBy: [{ perguntaId: 'asc' }, { id: 'asc' }], include: { pergunta: { select: { descricao: true, ordem: true } }, opcao: { select: { descricao: true } } } } },
    }),
    prisma.ajusteSaldo.count({ where: { usuarioId: id, status: 'pendente' } }),
    // Launches not yet public: whether this member is eligible, and why (docs/decisions/0047-launches.md).
    launchesOfMember(pool, id, { now: new Date(), foundersUntil }),
  ]);
  return {
    id: u.id,
    nome: u.nome,
    email: u.email,
    cpf: u.cpf,
    estado: state!.estado,
    dataCadastro: u.dataCadastro.toISOString(),
    celular: u.celular,
    dataNascimento: u.dataNascimento ? u.dataNascimento.toISOString().slice(0, 10) : null,
    genero: u.genero,
    cep: u.cep,
    endereco: u.endereco,
    numero: u.numero,
    complemento: u.complemento,
    cidade: u.cidade,
    uf: u.uf,
    tipo: u.tipo,
    perfil: u.perfil,
    origem: u.origem,
    social: u.social,
    socialProvider: u.socialProvider,
    codigoIndicacao: u.hash,
    ativadoEm: iso(u.ativadoEm),
    bloqueadoEm: iso(u.bloqueadoEm),
    motivoBloqueio: u.motivoBloqueio,
    excluidoEm: iso(u.excluidoEm),
    consentimentos: { email: u.optInEmail, sms: u.optInSms, whatsapp: u.optInWhatsapp, optOut: u.optOut },
    historicoConsentimentos: consents.slice(0, 30).map((c) => ({ canal: c.canal, concedido: c.concedido, origem: c.origem, data: c.data, integracao: c.integracao ?? null })),
    saldo: balance._sum.valor ?? 0,
    conquistas: achievements,
    contasSociais: accounts.map((c) => ({ provider: c.provider, email: c.email, criadoEm: c.criadoEm.toISOString(), ultimoUsoEm: c.ultimoUsoEm.toISOString() })),
    produtos: products.map((p) => ({
      id: p.id,
      produto: p.produto.nome,
      sku: p.produto.sku,
      quantidade: p.quantidade,
      dataCompra: p.dataCompra.toISOString().slice(0, 10),
      localCompra: p.localCompra,
      validado: p.produtoValidado,
      presente: p.presente,
      codigoPedido: p.codigoPedido,
      numeros: p.numerosLegionario.map((n) => n.numero),
      origem: p.origem,
      integracao: p.pedidoLoja?.cliente?.nome ?? null,
      canceladoEm: iso(p.canceladoEm),
    })),
    indicadoPor: referral
      ? { id: referral.indicador?.id ?? null, nome: referral.indicador?.nome ?? null, status: referral.status, criadaEm: referral.criadaEm.toISOString(), confirmadaEm: iso(referral.confirmadaEm) }
      : null,
    pesquisas: participations.map((p) => ({
      pesquisa: p.pesquisa.nome,
      tipo: p.pesquisa.tipo,
      criadaEm: p.criadaEm.toISOString(),
      concluidaEm: iso(p.concluidaEm),
      perfil: p.perfil,
      cupom: p.cupom,
      respostas: p.respostas.map((r) => ({ pergunta: r.pergunta.descricao, resposta: [r.opcao?.descricao, r.complemento].filter(Boolean).join(' — ') })),
    })),
    ajustesPendentes: pending,
    limiteAprovacao: approvalLimit,
    lancamentos: launches,
  };
}

/** The paged lists of the member page, newest first. */
const LISTS: Record<MemberList, { count: string; rows: string; map: (r: Record<string, unknown>) => unknown }> = {
  // The running balance is computed over the whole ledger (oldest first), then paged newest first.
  extrato: {
    count: 'SELECT count(*)::int AS n FROM lancamento WHERE usuario_id = $1',
    rows: `SELECT x.* FROM (
        SELECT l.id::text, l.data, l.motivo::text AS motivo, e.motivo::text AS estorno_de, l.valor, l.ajuste_id::text AS ajuste_id,
               SUM(l.valor) OVER (ORDER BY l.data, l.id)::int AS saldo_apos,
               COALESCE(b.nome || COALESCE(' · ' || o.nome, ''), p.nome || COALESCE(' · pedido ' || pc.codigo_pedido, ''), ui.nome, a.motivo || ' (' || a.referencia || ')', '') AS descricao
          FROM lancamento l
          -- A reversal (ADR 0041) describes the entry it reverses.
          LEFT JOIN lancamento e ON e.id = l.estorno_de_id
          LEFT JOIN resgate r ON r.id = l.resgate_id LEFT JOIN beneficio b ON b.id = r.beneficio_id
          LEFT JOIN beneficio_opcao o ON o.beneficio_id = r.beneficio_id AND o.id = r.opcao_id
          LEFT JOIN produto_cliente pc ON pc.id = COALESCE(l.produto_cliente_id, e.produto_cliente_id) LEFT JOIN produto p ON p.id = pc.produto_id
          LEFT JOIN indicacao i ON i.id = COALESCE(l.indicacao_id, e.indicacao_id) LEFT JOIN usuario ui ON ui.id = i.indicado_id
          LEFT JOIN ajuste_saldo a ON a.id = l.ajuste_id
         WHERE l.usuario_id = $1) x
      ORDER BY x.data DESC, x.id DESC LIMIT $2 OFFSET $3`,
    map: (r) => ({ id: r.id, data: (r.data as Date).toISOString(), motivo: statementReason(r.motivo as MotivoLancamento, r.estorno_de as MotivoLancamento | null), valor: r.valor, saldoApos: r.saldo_apos, descricao: r.descricao, ajusteId: r.ajuste_id }),
  },
  resgates: {
    count: 'SELECT count(*)::int AS n FROM resgate WHERE usuario_id = $1',
    rows: `SELECT r.id, r.criado_em, b.nome AS beneficio, o.nome AS opcao, r.valor, c.codigo, c.usado_em
             FROM resgate r JOIN beneficio b ON b.id = r.beneficio_id JOIN cupom c ON c.id = r.cupom_id
             LEFT JOIN beneficio_opcao o ON o.beneficio_id = r.beneficio_id AND o.id = r.opcao_id
            WHERE r.usuario_id = $1 ORDER BY r.criado_em DESC, r.id DESC LIMIT $2 OFFSET $3`,
    map: (r) => ({ id: r.id, data: (r.criado_em as Date).toISOString(), beneficio: r.beneficio, opcao: r.opcao, valor: r.valor, codigo: r.codigo, usadoEm: iso(r.usado_em as Date | null) }),
  },
  indicacoes: {
    count: 'SELECT count(*)::int AS n FROM indicacao WHERE indicador_id = $1',
    rows: `SELECT i.id::text, i.status::text AS status, i.criada_em, i.confirmada_em, u.id::text AS uid, u.nome, u.email
             FROM indicacao i LEFT JOIN usuario u ON u.id = i.indicado_id
            WHERE i.indicador_id = $1 ORDER BY i.criada_em DESC, i.id DESC LIMIT $2 OFFSET $3`,
    map: (r) => ({ id: r.id, indicado: r.uid ? { id: r.uid, nome: r.nome, email: r.email } : null, status: r.status, criadaEm: (r.criada_em as Date).toISOString(), confirmadaEm: iso(r.confirmada_em as Date | null) }),
  },
  sessoes: {
    count: 'SELECT count(*)::int AS n FROM sessao WHERE usuario_id = $1',
    rows: `SELECT id::text, criada_em, expira_em, revogada_em, ip, user_agent, (revogada_em IS NULL AND expira_em > (now() AT TIME ZONE 'UTC')) AS viva
             FROM sessao WHERE usuario_id = $1 ORDER BY criada_em DESC, id DESC LIMIT $2 OFFSET $3`,
    map: (r) => ({ id: r.id, criadaEm: (r.criada_em as Date).toISOString(), expiraEm: (r.expira_em as Date).toISOString(), revogadaEm: iso(r.revogada_em as Date | null), ip: r.ip, userAgent: r.user_agent, viva: r.viva }),
  },
  // The outbox keeps the address, not the member: mails to the member's current address.
  emails: {
    count: 'SELECT count(*)::int AS n FROM email_saida WHERE para = (SELECT email FROM usuario WHERE id = $1)',
    rows: `SELECT id::text, assunto, status::text AS status, tentativas, criado_em, enviado_em, ultimo_erro
             FROM email_saida WHERE para = (SELECT email FROM usuario WHERE id = $1) ORDER BY criado_em DESC, id DESC LIMIT $2 OFFSET $3`,
    map: (r) => ({ id: r.id, assunto: r.assunto, status: r.status, tentativas: r.tentativas, criadoEm: (r.criado_em as Date).toISOString(), enviadoEm: iso(r.enviado_em as Date | null), ultimoErro: r.ultimo_erro }),
  },
  auditoria: {
    count: "SELECT count(*)::int AS n FROM auditoria WHERE entidade = 'membro' AND entidade_id = $1::text",
    rows: `SELECT a.id::text, a.criado_em, a.acao, a.autor_id::text AS autor_id, u.nome AS autor_nome, a.antes, a.depois
             FROM auditoria a LEFT JOIN usuario u ON u.id = a.autor_id
            WHERE a.entidade = 'membro' AND a.entidade_id = $1::text ORDER BY a.criado_em DESC, a.ordem DESC LIMIT $2 OFFSET $3`,
    map: (r) => ({ id: r.id, data: (r.criado_em as Date).toISOString(), acao: r.acao, autor: r.autor_id ? { id: r.autor_id, nome: r.autor_nome ?? '' } : null, antes: r.antes, depois: r.depois }),
  },
};

export async function memberList(prisma: Db, id: string, list: MemberList, q: { pagina: number; porPagina: number }): Promise<z.infer<typeof listPageSchema>> {
  const pool = poolOf(prisma);
  const exists = await pool.query('SELECT 1 FROM usuario WHERE id = $1', [id]);
  if (exists.rowCount === 0) throw notFound(MEMBERS_MSG.membroNaoEncontrado);
  const def = LISTS[list];
  const [total, rows] = await Promise.all([pool.query<{ n: number }>(def.count, [id]), pool.query(def.rows, [id, q.porPagina, (q.pagina - 1) * q.porPagina])]);
  // Each list's rows have its own shape (the contract's union); the route's schema checks them.
  return { itens: rows.rows.map(def.map) as z.infer<typeof listPageSchema>['itens'], total: total.rows[0]?.n ?? 0, pagina: q.pagina, porPagina: q.porPagina };
}
