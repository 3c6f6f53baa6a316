import type { LaunchStatus } from '@legiao/contracts/lancamentos';

export const STATUS_LABEL: Record<LaunchStatus, string> = { rascunho: 'Rascunho', publicado: 'Publicado', arquivado: 'Arquivado' };
export const STATUS_TONE: Record<LaunchStatus, string> = { rascunho: 'admin-selo--ambar', publicado: 'admin-selo--verde', arquivado: '' };
