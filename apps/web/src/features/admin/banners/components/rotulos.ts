import type { BannerRegion } from '@legiao/contracts/banner';

export const REGION_LABEL: Record<BannerRegion, string> = { exclusivo: 'Exclusivo', 'pre-venda': 'Pré-venda', lancamento: 'Em breve (lançamento)' };
export const PROFILE_LABEL: Record<string, string> = { geral: 'Geral (qualquer perfil)', funcional: 'Funcional', outsider: 'Outsider', estiloso: 'Estiloso' };

/** Where a site banner stands now: off, waiting for its window, showing, or over. */
export function siteStatus(b: { ativo: boolean; inicio: string; fim: string }, now = Date.now()): { texto: string; className: string } {
  if (!b.ativo) return { texto: 'Inativo', className: '' };
  if (Date.parse(b.inicio) > now) return { texto: 'Agendado', className: 'admin-selo--ambar' };
  if (Date.parse(b.fim) < now) return { texto: 'Encerrado', className: '' };
  return { texto: 'No ar', className: 'admin-selo--verde' };
}

export const audienceLabel = (lead: boolean | null) => (lead === null ? 'Todos' : lead ? 'Só leads' : 'Só legionários e colaboradores');
