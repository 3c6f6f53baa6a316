import { useEffect, useRef, useState } from 'react';
import type { FilaEstado } from '@legiao/contracts';
import { ADMIN_FILA_WS_PATH, filaPainelServerMessageSchema, type FilaAgendamento } from '@legiao/contracts/admin/fila';
import { getToken } from '../../../../shared/session/session';

export type Conexao = 'conectando' | 'ao-vivo' | 'reconectando' | 'recusada';

export interface FilaPainel {
  estado: FilaEstado | null;
  agendamentos: FilaAgendamento[] | null;
  conexao: Conexao;
  /** When the last state arrived (the server's clock). */
  em: string | null;
  erro: string | null;
  /** An answer of a write (PUT /admin/fila) shown at once, before the next push. */
  aplicar: (estado: FilaEstado) => void;
}

const url = () => `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${ADMIN_FILA_WS_PATH}`;
const BACKOFF_MS = [1000, 2000, 4000, 8000, 15000];

/**
 * The panel's live feed: one socket, authenticated by its first message (the session token), that
 * hears the state about once a second and the schedules when they change. Reconnects with backoff;
 * a refusal (no permission, session over) is final.
 */
export function useFilaPainel(): FilaPainel {
  const [estado, setEstado] = useState<FilaEstado | null>(null);
  const [agendamentos, setAgendamentos] = useState<FilaAgendamento[] | null>(null);
  const [conexao, setConexao] = useState<Conexao>('conectando');
  const [em, setEm] = useState<string | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const tentativas = useRef(0);

  useEffect(() => {
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let fim = false;
    const conectar = () => {
      const ws = new WebSocket(url());
      socket = ws;
      ws.onopen = () => ws.send(JSON.stringify({ type: 'Autenticar', token: getToken() ?? '' }));
      ws.onmessage = (ev) => {
        const parsed = filaPainelServerMessageSchema.safeParse(JSON.parse(String(ev.data)));
        if (!parsed.success) return;
        const m = parsed.data;
        if (m.type === 'EstadoFila') {
          tentativas.current = 0;
          setEstado(m.estado);
          setEm(m.em);
          setConexao('ao-vivo');
          setErro(null);
        } else if (m.type === 'Agendamentos') {
          setAgendamentos(m.agendamentos);
        } else {
          fim = true;
          setConexao('recusada');
          setErro(m.message);
        }
      };
      ws.onclose = () => {
        if (fim) return;
        setConexao('reconectando');
        const espera = BACKOFF_MS[Math.min(tentativas.current, BACKOFF_MS.length - 1)];
        tentativas.current++;
        timer = setTimeout(conectar, espera);
      };
    };
    conectar();
    return () => {
      fim = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, []);

  return { estado, agendamentos, conexao, em, erro, aplicar: setEstado };
}
