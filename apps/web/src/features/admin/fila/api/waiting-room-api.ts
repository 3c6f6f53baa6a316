import type { WaitingRoomConfigInput, WaitingRoomState } from '@legiao/contracts';
import type { WaitingRoomSchedule, WaitingRoomScheduleInput } from '@legiao/contracts/admin/fila';
import { http } from '../../../../shared/api/http';

// The waiting-room panel's writes (docs/decisions/0029-back-office-content.md). Reads come live
// over the panel's socket (lib/use-waiting-room-panel.ts).

export const changeWaitingRoom = (body: WaitingRoomConfigInput) => http<WaitingRoomState>('/admin/fila', { method: 'PUT', body });
export const scheduleWaitingRoom = (body: WaitingRoomScheduleInput) => http<WaitingRoomSchedule>('/admin/fila/agendamentos', { method: 'POST', body });
export const cancelSchedule = (id: number) => http<WaitingRoomSchedule>(`/admin/fila/agendamentos/${id}`, { method: 'DELETE' });
