import type { BenefitForm, BenefitPreviewData, MemberPreview } from '@legiao/contracts/admin/beneficios';
import { AUDIENCE_LABELS } from '@legiao/contracts/admin/beneficios';
import type { Db } from '../../../db/prisma.js';
import { rateBenefit, toBenefit, visibleFor, type Free, type MemberBenefit, type MemberRedemption } from '../../beneficio/beneficio.service.js';
import { fromDay, fromLocal, toColumns, type BenefitRow } from './benefit-form.js';
import { freePools } from './beneficios.service.js';

// The preview (issue 16 item 1): the card exactly as a chosen member would get it from GET /beneficio,
// for the form as it is now (saved or not). It runs the member side's own rules (visivelPara,
// avaliarBeneficio, toBeneficio) on a made-up member, so the two can't drift apart.

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

function member(m: MemberPreview): MemberBenefit {
  const filled = m.perfilCompleto;
  return {
    id: '00000000-0000-0000-0000-000000000000',
    tipo: m.tipo,
    cidade: m.cidade || null,
    perfil: filled ? 'geral' : null,
    nome: 'Membro (prévia)',
    cpf: filled ? '00000000000' : null,
    celular: filled ? '11900000000' : null,
    dataNascimento: filled ? new Date('1990-01-01') : null,
    genero: filled ? 'outro' : null,
    cep: filled ? '01310100' : null,
    endereco: filled ? 'Rua' : null,
    numero: filled ? '1' : null,
    uf: filled ? 'SP' : null,
  };
}

/** The form as the row the member side reads; days without an id get stand-in ids. */
function asRow(f: BenefitForm, id: number | undefined): BenefitRow {
  const cols = toColumns(f);
  const now = new Date();
  return {
    ...cols,
    id: id ?? 0,
    descricao: cols.descricao ?? null,
    urlBeneficio: cols.urlBeneficio ?? null,
    percentualDesconto: cols.percentualDesconto ?? null,
    inicio: fromLocal(f.inicio),
    fim: fromLocal(f.fim),
    dataEvento: fromLocal(f.dataEvento),
    prefixoCupom: cols.prefixoCupom ?? null,
    estoque: cols.estoque ?? null,
    experiencia: cols.experiencia ?? null,
    evento: cols.evento ?? false,
    valor: cols.valor ?? 0,
    limitePorMembro: cols.limitePorMembro ?? 1,
    modoCupom: cols.modoCupom ?? 'gerado',
    ativo: cols.ativo ?? true,
    ordem: cols.ordem ?? 0,
    publico: f.publico,
    cidades: cols.cidades as string[],
    criadoEm: now,
    atualizadoEm: now,
    opcoes: f.opcoes.map((o, i) => ({ id: o.id ?? -(i + 1), beneficioId: id ?? 0, nome: o.nome, data: fromDay(o.data), estoque: o.estoque, ordem: i + 1 })),
  };
}

/** Made-up redemptions, newest first: the last one's coupon used when asked. */
function redemptions(b: BenefitRow, m: MemberPreview, now: Date): MemberRedemption[] {
  return Array.from({ length: m.resgates }, (_, i) => ({
    id: m.resgates - i,
    beneficioId: b.id,
    criadoEm: new Date(now.getTime() - (i + 1) * 86_400_000),
    cupom: { codigo: `${b.prefixoCupom ?? 'PREVIA'}-${String(m.resgates - i).padStart(4, '0')}`, usadoEm: i === 0 && m.cupomUsado ? now : null },
    opcao: b.opcoes[0] ? { id: b.opcoes[0].id, nome: b.opcoes[0].nome, data: b.opcoes[0].data } : null,
  }));
}

function whyHidden(b: BenefitRow, u: MemberBenefit, now: Date): string {
  if (!b.ativo) return 'Arquivado: nenhum membro vê este benefício.';
  if (!b.publico.includes(u.tipo)) return `Não é para ${AUDIENCE_LABELS[u.tipo as 'legionario'].toLowerCase()}: o público é ${b.publico.map((p) => AUDIENCE_LABELS[p as 'legionario'].toLowerCase()).join(', ')}.`;
  if (b.cidades.length && !b.cidades.some((c) => fold(c) === fold(u.cidade ?? ''))) return `Só aparece para quem mora em: ${b.cidades.join(', ')}.`;
  if (b.fim && b.fim <= now) return 'Encerrado: só quem já resgatou continua vendo.';
  return 'Este membro não vê o benefício.';
}

export async function previewBenefit(prisma: Db, input: { id?: number; beneficio: BenefitForm; membro: MemberPreview }): Promise<BenefitPreviewData> {
  const now = fromLocal(input.membro.em ?? null) ?? new Date();
  const b = asRow(input.beneficio, input.id);
  // Codes already in the pool count when the benefit exists; a new one has none yet.
  const free: Free = input.id && b.modoCupom === 'lista' ? await freePools(prisma, [input.id]) : new Set();
  const u = member(input.membro);
  const made = redemptions(b, input.membro, now);
  const visible = visibleFor(b, u, made.length > 0, now);
  const card = toBenefit(b, rateBenefit(b, { usuario: u, saldo: input.membro.saldo, resgates: made, livres: free, now }), made, free);
  return { visivel: visible, motivo: visible ? null : whyHidden(b, u, now), card };
}
