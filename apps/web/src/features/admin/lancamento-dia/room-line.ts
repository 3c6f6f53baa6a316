import type { LaunchDayPanel } from '@legiao/contracts/admin/lancamentos-painel';
import { hour } from '../painel/formatar';

// The launch page's waiting-room line (docs/decisions/0047-launches.md, part 2).

const OFF_REASON = { horario: 'no horário previsto', arquivado: 'o lançamento foi arquivado', alterado: 'a abertura mudou' } as const;

/** The line that says whether the launch switched the waiting room on ("ligada às 23:55 pelo lançamento X"). */
export function roomLine(p: LaunchDayPanel, now = Date.now()): string {
  const { fila: room, lancamento: l } = p;
  const last = room.registros[0];
  if (last && !last.desligadaEm) return `Sala de espera: ligada às ${hour(last.ligadaEm)} pelo lançamento ${l.nome}, até ${hour(last.ate)}.`;
  // A hold ended because the opening moved says nothing of the new opening: the schedule below does.
  if (last && last.motivo !== 'alterado') return `Sala de espera: ligada às ${hour(last.ligadaEm)} pelo lançamento ${l.nome}; desligada às ${hour(last.desligadaEm!)} (${OFF_REASON[last.motivo ?? 'horario']}).`;
  if (l.status !== 'publicado') return 'Sala de espera: este lançamento não está publicado, então não a liga.';
  if (!room.agenda.ativa) return 'Sala de espera: a abertura dos lançamentos não a liga sozinha neste ambiente (FILA_LANCAMENTO desligado).';
  if (now < Date.parse(room.agenda.ligaEm)) return `Sala de espera: vai ligar sozinha às ${hour(room.agenda.ligaEm)} (${room.agenda.antesMin} min antes da abertura) e desligar às ${hour(room.agenda.desligaEm)}.`;
  if (now < Date.parse(room.agenda.desligaEm)) return `Sala de espera: prevista para ligar às ${hour(room.agenda.ligaEm)}; ainda não ligou.`;
  return 'Sala de espera: não ligou por este lançamento.';
}
