import type { BeneficioForm, BeneficioPrevia, MembroPrevia } from '@legiao/contracts/admin/beneficios';
import { PUBLICO_LABELS } from '@legiao/contracts/admin/beneficios';
import type { Db } from '../../../db/prisma.js';
import { avaliarBeneficio, toBeneficio, visivelPara, type Livres, type MembroBeneficio, type ResgateDoMembro } from '../../beneficio/beneficio.service.js';
import { fromDay, fromLocal, toColumns, type BeneficioRow } from './beneficio-form.js';
import { freePools } from './beneficios.service.js';

// The preview (issue 16 item 1): the card exactly as a chosen member would get it from GET /beneficio,
// for the form as it is now (saved or not). It runs the member side's own rules (visivelPara,
// avaliarBeneficio, toBeneficio) on a made-up member, so the two can't drift apart.

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

function member(m: MembroPrevia): MembroBeneficio {
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
function asRow(f: BeneficioForm, id: number | undefined): BeneficioRow {
  const cols = toColumns(f);
  const agora = new Date();
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
    criadoEm: agora,
    atualizadoEm: agora,
    opcoes: f.opcoes.map((o, i) => ({ id: o.id ?? -(i + 1), beneficioId: id ?? 0, nome: o.nome, data: fromDay(o.data), estoque: o.estoque, ordem: i + 1 })),
  };
}

/** Made-up redemptions, newest first: the last one's coupon used when asked. */
function redemptions(b: BeneficioRow, m: MembroPrevia, agora: Date): ResgateDoMembro[] {
  return Array.from({ length: m.resgates }, (_, i) => ({
    id: m.resgates - i,
    beneficioId: b.id,
    criadoEm: new Date(agora.getTime() - (i + 1) * 86_400_000),
    cupom: { codigo: `${b.prefixoCupom ?? 'PREVIA'}-${String(m.resgates - i).padStart(4, '0')}`, usadoEm: i === 0 && m.cupomUsado ? agora : null },
    opcao: b.opcoes[0] ? { id: b.opcoes[0].id, nome: b.opcoes[0].nome, data: b.opcoes[0].data } : null,
  }));
}

function whyHidden(b: BeneficioRow, u: MembroBeneficio, agora: Date): string {
  if (!b.ativo) return 'Arquivado: nenhum membro vê este benefício.';
  if (!b.publico.includes(u.tipo)) return `Não é para ${PUBLICO_LABELS[u.tipo as 'legionario'].toLowerCase()}: o público é ${b.publico.map((p) => PUBLICO_LABELS[p as 'legionario'].toLowerCase()).join(', ')}.`;
  if (b.cidades.length && !b.cidades.some((c) => fold(c) === fold(u.cidade ?? ''))) return `Só aparece para quem mora em: ${b.cidades.join(', ')}.`;
  if (b.fim && b.fim <= agora) return 'Encerrado: só quem já resgatou continua vendo.';
  return 'Este membro não vê o benefício.';
}

export async function previewBeneficio(prisma: Db, input: { id?: number; beneficio: BeneficioForm; membro: MembroPrevia }): Promise<BeneficioPrevia> {
  const agora = fromLocal(input.membro.em ?? null) ?? new Date();
  const b = asRow(input.beneficio, input.id);
  // Codes already in the pool count when the benefit exists; a new one has none yet.
  const livres: Livres = input.id && b.modoCupom === 'lista' ? await freePools(prisma, [input.id]) : new Set();
  const u = member(input.membro);
  const resgates = redemptions(b, input.membro, agora);
  const visivel = visivelPara(b, u, resgates.length > 0, agora);
  const card = toBeneficio(b, avaliarBeneficio(b, { usuario: u, saldo: input.membro.saldo, resgates, livres, agora }), resgates, livres);
  return { visivel, motivo: visivel ? null : whyHidden(b, u, agora), card };
}
