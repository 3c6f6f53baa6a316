import type { FilaEstado } from '@legiao/contracts';
import type { FilaHub } from '../../fila/hub.js';

/** The panel's numbers, from the shared queue store (ADR 0008's GET /api/admin/fila shape). */
export async function lerEstadoFila(fila: FilaHub, now = Date.now()): Promise<FilaEstado> {
  const s = await fila.store.stats(now);
  return {
    habilitada: fila.enabled,
    ativa: fila.enabled && (s.settings.pausada || s.aguardando > 0 || s.admitidos >= s.settings.capacidade),
    pausada: s.settings.pausada,
    capacidade: s.settings.capacidade,
    admissoesPorMinuto: s.settings.admissoesPorMinuto,
    aguardando: s.aguardando,
    admitidos: s.admitidos,
    admissoesUltimoMinuto: s.admissoesUltimoMinuto,
    esperaMaisAntigaMs: s.esperaMaisAntigaMs,
    armazenamento: fila.store.kind,
    conexoesNesteProcesso: fila.connectionCount,
  };
}
