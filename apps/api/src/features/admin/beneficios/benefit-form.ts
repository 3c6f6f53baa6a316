import type { BenefitAdmin, BenefitForm } from '@legiao/contracts/admin/beneficios';
import type { Beneficio, BeneficioOpcao, Prisma } from '../../../generated/prisma/client.js';

// The benefit form's values <-> the beneficio row. Times are São Paulo wall-clock on the wire
// ('AAAA-MM-DDTHH:mm'; UTC-3, no daylight saving since 2019) and UTC in the database.

const SAO_PAULO_OFFSET_MS = 3 * 3600 * 1000;
export const fromLocal = (s: string | null): Date | null => (s ? new Date(`${s}:00.000-03:00`) : null);
export const toLocal = (d: Date | null): string | null => (d ? new Date(d.getTime() - SAO_PAULO_OFFSET_MS).toISOString().slice(0, 16) : null);
export const fromDay = (s: string) => new Date(`${s}T00:00:00.000Z`);
export const toDay = (d: Date) => d.toISOString().slice(0, 10);

export type BenefitRow = Beneficio & { opcoes: BeneficioOpcao[] };

/** The row's scalar columns from the form (opcoes are written apart). */
export function toColumns(f: BenefitForm): Omit<Prisma.BeneficioUncheckedCreateInput, 'id' | 'opcoes'> {
  return {
    chave: f.chave,
    nome: f.nome,
    tipo: f.tipo,
    descricao: f.descricao,
    urlImagem: f.urlImagem,
    valor: f.valor,
    textoLegal: f.textoLegal,
    urlBeneficio: f.urlBeneficio,
    percentualDesconto: f.percentualDesconto,
    inicio: fromLocal(f.inicio),
    fim: fromLocal(f.fim),
    evento: f.evento,
    dataEvento: fromLocal(f.dataEvento),
    publico: f.publico,
    cidades: [...new Set(f.cidades.map((c) => c.trim()).filter(Boolean))],
    limitePorMembro: f.limitePorMembro,
    modoCupom: f.modoCupom,
    prefixoCupom: f.prefixoCupom,
    estoque: f.estoque,
    ordem: f.ordem,
    experiencia: f.experiencia,
    ativo: f.ativo,
  };
}

/** What the form shows for a saved benefit; also the audit trail's before/after. */
export function toForm(b: BenefitRow): BenefitAdmin['form'] {
  return {
    chave: b.chave,
    nome: b.nome,
    tipo: b.tipo,
    descricao: b.descricao,
    urlImagem: b.urlImagem,
    valor: b.valor,
    textoLegal: b.textoLegal,
    urlBeneficio: b.urlBeneficio,
    percentualDesconto: b.percentualDesconto,
    inicio: toLocal(b.inicio),
    fim: toLocal(b.fim),
    evento: b.evento,
    dataEvento: toLocal(b.dataEvento),
    opcoes: [...b.opcoes].sort((x, y) => x.ordem - y.ordem || x.id - y.id).map((o) => ({ id: o.id, nome: o.nome, data: toDay(o.data), estoque: o.estoque })),
    publico: b.publico.filter((p): p is 'legionario' | 'lead' | 'colaborador' => true),
    cidades: b.cidades,
    limitePorMembro: b.limitePorMembro,
    modoCupom: b.modoCupom,
    prefixoCupom: b.prefixoCupom,
    estoque: b.estoque,
    ordem: b.ordem,
    experiencia: b.experiencia,
    ativo: b.ativo,
  };
}
