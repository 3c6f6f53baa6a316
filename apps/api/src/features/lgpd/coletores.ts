import { MEUS_DADOS_FORMATO } from '@legiao/contracts';
import type { Db } from '../../db/prisma.js';
import { listConsents } from '../consentimento/consentimento.service.js';

/**
 * One part of the member's data export (LGPD Art. 18 II and V: access and portability). Each
 * feature that keeps personal data adds its collector to COLETORES: one entry, one key in the file.
 */
export interface ColetorDados {
  /** Key of this part in the exported JSON. */
  chave: string;
  coletar(prisma: Db, usuarioId: string): Promise<unknown>;
}

const titular: ColetorDados = {
  chave: 'titular',
  async coletar(prisma, usuarioId) {
    const { senhaHash, ...u } = await prisma.usuario.findUniqueOrThrow({ where: { id: usuarioId } });
    // The password's hash is a credential, not information about the person: only whether there is one.
    return { ...u, temSenha: senhaHash !== null };
  },
};

const consentimentos: ColetorDados = {
  chave: 'consentimentos',
  coletar: (prisma, usuarioId) => listConsents(prisma, usuarioId),
};

const sessoes: ColetorDados = {
  chave: 'sessoes',
  coletar: (prisma, usuarioId) =>
    prisma.sessao.findMany({ where: { usuarioId }, orderBy: { criadaEm: 'desc' }, select: { criadaEm: true, expiraEm: true, revogadaEm: true, ip: true, userAgent: true } }),
};

const contasSociais: ColetorDados = {
  chave: 'contasSociais',
  coletar: (prisma, usuarioId) =>
    prisma.contaSocial.findMany({ where: { usuarioId }, orderBy: { criadoEm: 'asc' }, select: { provider: true, providerUserId: true, email: true, criadoEm: true, ultimoUsoEm: true } }),
};

const links: ColetorDados = {
  chave: 'linksEnviados',
  // Activation, password reset and automatic login links: when, not the secrets (only digests are kept).
  coletar: (prisma, usuarioId) =>
    prisma.tokenConta.findMany({ where: { usuarioId }, orderBy: { criadoEm: 'desc' }, select: { tipo: true, criadoEm: true, expiraEm: true, usadoEm: true } }),
};

const alteracoesEmail: ColetorDados = {
  chave: 'alteracoesEmail',
  coletar: (prisma, usuarioId) =>
    prisma.alteracaoEmail.findMany({ where: { usuarioId }, orderBy: { criadoEm: 'desc' }, select: { novoEmail: true, criadoEm: true, expiraEm: true, usadoEm: true } }),
};

const emails: ColetorDados = {
  chave: 'emails',
  async coletar(prisma, usuarioId) {
    const { email } = await prisma.usuario.findUniqueOrThrow({ where: { id: usuarioId }, select: { email: true } });
    return prisma.emailSaida.findMany({ where: { para: email }, orderBy: { criadoEm: 'desc' }, select: { para: true, assunto: true, status: true, criadoEm: true, enviadoEm: true } });
  },
};

const produtos: ColetorDados = {
  chave: 'produtos',
  async coletar(prisma, usuarioId) {
    const entradas = await prisma.produtoCliente.findMany({
      where: { usuarioId },
      orderBy: { criadoEm: 'asc' },
      include: { produto: { select: { sku: true, nome: true, categoria: true, subcategoria: true } }, numerosLegionario: { select: { numero: true }, orderBy: { numero: 'asc' } } },
    });
    return entradas.map(({ produto, numerosLegionario, usuarioId: _u, produtoId: _p, ...e }) => ({ ...e, produto, numerosLegionario: numerosLegionario.map((n) => n.numero) }));
  },
};

// The economy (docs/decisions/0009-economy.md): the statement, redemptions with their coupons, referrals.
const extrato: ColetorDados = {
  chave: 'extrato',
  coletar: (prisma, usuarioId) =>
    prisma.lancamento.findMany({ where: { usuarioId }, orderBy: { data: 'asc' }, select: { motivo: true, valor: true, data: true } }),
};

const resgates: ColetorDados = {
  chave: 'resgates',
  coletar: (prisma, usuarioId) =>
    prisma.resgate.findMany({
      where: { usuarioId },
      orderBy: { criadoEm: 'asc' },
      select: { id: true, valor: true, criadoEm: true, beneficio: { select: { nome: true } }, opcao: { select: { nome: true } }, cupom: { select: { codigo: true, usadoEm: true } } },
    }),
};

const indicacoes: ColetorDados = {
  chave: 'indicacoes',
  // Who the member referred is another person's data: only the status and dates of each referral.
  async coletar(prisma, usuarioId) {
    const select = { status: true, criadaEm: true, confirmadaEm: true } as const;
    const [feitas, recebida] = await Promise.all([
      prisma.indicacao.findMany({ where: { indicadorId: usuarioId }, orderBy: { criadaEm: 'asc' }, select }),
      prisma.indicacao.findUnique({ where: { indicadoId: usuarioId }, select }),
    ]);
    return { feitas, recebida };
  },
};

const cuponsFriendsFamily: ColetorDados = {
  chave: 'cuponsFriendsFamily',
  coletar: (prisma, usuarioId) =>
    prisma.cupomFriendsFamily.findMany({ where: { usuarioId }, orderBy: [{ mes: 'asc' }, { ordem: 'asc' }], select: { mes: true, codigo: true, percentual: true, validoAte: true, usadoEm: true } }),
};

/** Every part of the export, in file order. Later features: add yours here. */
export const COLETORES: ColetorDados[] = [
  titular,
  consentimentos,
  produtos,
  extrato,
  resgates,
  indicacoes,
  cuponsFriendsFamily,
  contasSociais,
  sessoes,
  links,
  alteracoesEmail,
  emails,
];

/** GET /usuario/meus-dados: everything the portal keeps about the member, as one JSON document. */
export async function exportMemberData(prisma: Db, usuarioId: string) {
  const partes = await Promise.all(COLETORES.map(async (c) => [c.chave, await c.coletar(prisma, usuarioId)] as const));
  return { formato: MEUS_DADOS_FORMATO, geradoEm: new Date().toISOString(), ...Object.fromEntries(partes) } as { formato: typeof MEUS_DADOS_FORMATO; geradoEm: string } & Record<string, unknown>;
}
