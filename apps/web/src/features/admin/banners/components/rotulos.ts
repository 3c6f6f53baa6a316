import type { BannerRegiao } from '@legiao/contracts/banner';

export const REGIAO_ROTULO: Record<BannerRegiao, string> = { exclusivo: 'Exclusivo', 'pre-venda': 'Pré-venda', lancamento: 'Em breve (lançamento)' };
export const PERFIL_ROTULO: Record<string, string> = { geral: 'Geral (qualquer perfil)', funcional: 'Funcional', outsider: 'Outsider', estiloso: 'Estiloso' };

/** Where a site banner stands now: off, waiting for its window, showing, or over. */
export function situacaoSite(b: { ativo: boolean; inicio: string; fim: string }, agora = Date.now()): { texto: string; classe: string } {
  if (!b.ativo) return { texto: 'Inativo', classe: '' };
  if (Date.parse(b.inicio) > agora) return { texto: 'Agendado', classe: 'admin-selo--ambar' };
  if (Date.parse(b.fim) < agora) return { texto: 'Encerrado', classe: '' };
  return { texto: 'No ar', classe: 'admin-selo--verde' };
}

export const publicoRotulo = (lead: boolean | null) => (lead === null ? 'Todos' : lead ? 'Só leads' : 'Só legionários e colaboradores');
