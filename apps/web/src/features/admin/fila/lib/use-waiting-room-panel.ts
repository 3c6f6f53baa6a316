import { useEffect, useRef, useState } from 'react';
import type { WaitingRoomState } from '@legiao/contracts';
import { ADMIN_WAITING_ROOM_WS_PATH, waitingRoomPanelServerMessageSchema, type WaitingRoomSchedule } from '@legiao/contracts/admin/fila';
import { getToken } from '../../../../shared/session/session';

export type Connection = 'conectando' | 'ao-vivo' | 'reconectando' | 'recusada';

export interface WaitingRoomPanel {
  estado: WaitingRoomState | null;
  agendamentos: WaitingRoomSchedule[] | null;
  connection: Connection;
  /** When the last state arrived (the server's clock). */
  em: string | null;
  erro: string | null;
  /** An answer of a write (PUT /admin/fila) shown at once, before the next push. */
  apply: (state: WaitingRoomState) => void;
}

const url = () => `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${ADMIN_WAITING_ROOM_WS_PATH}`;
const BACKOFF_MS = [1000, 2000, 4000, 8000, 15000];

/**
 * The panel's live feed: one socket, authenticated by its first message (the session token), that
 * hears the state about once a second and the schedules when they change. Reconnects with backoff;
 * a refusal (no permission, session over) is final.
 */
export function useWaitingRoomPanel(): WaitingRoomPanel {
  const [state, setState] = useState<WaitingRoomState | null>(null);
  const [schedules, setSchedules] = useState<WaitingRoomSchedule[] | null>(null);
  const [connection, setConnection] = useState<Connection>('conectando');
  const [at, setAt] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const attempts = useRef(0);

  useEffect(() => {
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let end = false;
    const connect = () => {
      const ws = new WebSocket(url());
      socket = ws;
      ws.onopen = () => ws.send(JSON.stringify({ type: 'Autenticar', token: getToken() ?? '' }));
      ws.onmessage = (ev) => {
        const parsed = waitingRoomPanelServerMessageSchema.safeParse(JSON.parse(String(ev.data)));
        if (!parsed.success) return;
        const m = parsed.data;
        if (m.type === 'EstadoFila') {
          attempts.current = 0;
          setState(m.estado);
          setAt(m.em);
          setConnection('ao-vivo');
          setError(null);
        } else if (m.type === 'Agendamentos') {
          setSchedules(m.agendamentos);
        } else {
          end = true;
          setConnection('recusada');
          setError(m.message);
        }
      };
      ws.onclose = () => {
        if (end) return;
        setConnection('reconectando');
        const wait = BACKOFF_MS[Math.min(attempts.current, BACKOFF_MS.length - 1)];
        attempts.current++;
        timer = setTimeout(connect, wait);
      };
    };
    connect();
    return () => {
      end = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, []);

  return { estado: state, agendamentos: schedules, connection, em: at, erro: error, apply: setState };
}
