import type { FilaConfigInput, FilaEstado } from '@legiao/contracts';
import type { FilaAgendamento, FilaAgendamentoInput } from '@legiao/contracts/admin/fila';
import { http } from '../../../../shared/api/http';

// The waiting-room panel's writes (docs/decisions/0029-back-office-content.md). Reads come live
// over the panel's socket (lib/use-fila-painel.ts).

export const alterarFila = (body: FilaConfigInput) => http<FilaEstado>('/admin/fila', { method: 'PUT', body });
export const agendarFila = (body: FilaAgendamentoInput) => http<FilaAgendamento>('/admin/fila/agendamentos', { method: 'POST', body });
export const cancelarAgendamento = (id: number) => http<FilaAgendamento>(`/admin/fila/agendamentos/${id}`, { method: 'DELETE' });
