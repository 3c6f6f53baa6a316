import type { WebSocket } from 'ws';
import { WAITING_ROOM_PANEL_MSG, waitingRoomPanelClientMessageSchema, type WaitingRoomSchedule, type WaitingRoomPanelServerMessage } from '@legiao/contracts/admin/fila';
import type { WaitingRoomState } from '@legiao/contracts';

// The waiting-room panel's live feed (GET /api/admin/fila/ws), one per API process. A socket proves
// who it is with its first message (the session token: a browser can't set headers on a WebSocket
// and a token in the URL would land in access logs), then hears the state about once a second and
// the schedule list whenever it changes. Every process reads the same shared store and the same
// table, so a panel sees changes made through any process. ADR 0029.

export type Authorisation = 'ok' | 'nao-autenticado' | 'sem-permissao';

export interface WaitingRoomPanelOptions {
  readState: () => Promise<WaitingRoomState>;
  /** The schedule list (cached per process, invalidated by the table's NOTIFY). */
  readSchedules: () => Promise<WaitingRoomSchedule[]>;
  authorise: (token: string) => Promise<Authorisation>;
  log: { warn: (obj: object, msg?: string) => void };
  intervalMs?: number;
  /** A socket that hasn't authenticated within this long is closed. */
  authTimeoutMs?: number;
}

interface Panel {
  socket: WebSocket;
  authenticated: boolean;
  sentSchedules: string | null;
}

const CLOSE_POLICY = 1008;

export class WaitingRoomPanel {
  private readonly panels = new Map<WebSocket, Panel>();
  private timer: NodeJS.Timeout | null = null;
  private pushing = false;
  private closed = false;

  constructor(private readonly opts: WaitingRoomPanelOptions) {}

  get size() {
    return this.panels.size;
  }

  attach(socket: WebSocket) {
    const panel: Panel = { socket, authenticated: false, sentSchedules: null };
    socket.on('error', (err) => {
      this.opts.log.warn({ err }, 'fila-painel: erro no socket');
      this.panels.delete(socket);
    });
    socket.on('close', () => {
      this.panels.delete(socket);
      this.stopIfIdle();
    });
    const authTimer = setTimeout(() => {
      if (!panel.authenticated) this.refuse(panel, 'NAO_AUTENTICADO', WAITING_ROOM_PANEL_MSG.naoAutenticado);
    }, this.opts.authTimeoutMs ?? 10_000);
    authTimer.unref();
    socket.on('message', (data, isBinary) => {
      if (panel.authenticated) return; // the panel only listens after the handshake
      void this.authenticate(panel, data as Buffer, isBinary).finally(() => clearTimeout(authTimer));
    });
    this.panels.set(socket, panel);
  }

  private async authenticate(panel: Panel, data: Buffer, isBinary: boolean) {
    let token: string;
    try {
      if (isBinary || data.length > 8192) throw new Error('invalid');
      token = waitingRoomPanelClientMessageSchema.parse(JSON.parse(data.toString('utf8'))).token;
    } catch {
      return this.refuse(panel, 'MENSAGEM_INVALIDA', WAITING_ROOM_PANEL_MSG.mensagemInvalida);
    }
    let r: Authorisation;
    try {
      r = await this.opts.authorise(token);
    } catch (err) {
      this.opts.log.warn({ err }, 'fila-painel: falha ao autorizar');
      r = 'nao-autenticado';
    }
    if (r === 'nao-autenticado') return this.refuse(panel, 'NAO_AUTENTICADO', WAITING_ROOM_PANEL_MSG.naoAutenticado);
    if (r === 'sem-permissao') return this.refuse(panel, 'SEM_PERMISSAO', WAITING_ROOM_PANEL_MSG.semPermissao);
    panel.authenticated = true;
    this.start();
    await this.push([panel]);
  }

  private refuse(panel: Panel, code: 'NAO_AUTENTICADO' | 'SEM_PERMISSAO' | 'MENSAGEM_INVALIDA', message: string) {
    this.send(panel, { type: 'Erro', code, message });
    panel.socket.close(CLOSE_POLICY, code);
    this.panels.delete(panel.socket);
  }

  private send(panel: Panel, msg: WaitingRoomPanelServerMessage) {
    if (panel.socket.readyState === panel.socket.OPEN) panel.socket.send(JSON.stringify(msg));
  }

  private start() {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => void this.push(), this.opts.intervalMs ?? 1000);
    this.timer.unref();
  }

  private stopIfIdle() {
    if (this.timer && ![...this.panels.values()].some((p) => p.authenticated)) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  /** Tells the open panels now (after an operator's change here), instead of at the next second. */
  async notify() {
    await this.push();
  }

  /** One read of the state and the schedules for every panel of this process. */
  private async push(only?: Panel[]) {
    const target = (only ?? [...this.panels.values()]).filter((p) => p.authenticated);
    if (!target.length) return;
    if (!only) {
      if (this.pushing) return;
      this.pushing = true;
    }
    try {
      const [state, schedules] = await Promise.all([this.opts.readState(), this.opts.readSchedules()]);
      const stateMsg: WaitingRoomPanelServerMessage = { type: 'EstadoFila', estado: state, em: new Date().toISOString() };
      const list = JSON.stringify(schedules);
      for (const p of target) {
        this.send(p, stateMsg);
        if (p.sentSchedules !== list) {
          p.sentSchedules = list;
          this.send(p, { type: 'Agendamentos', agendamentos: schedules });
        }
      }
    } catch (err) {
      this.opts.log.warn({ err }, 'fila-painel: falha ao ler o estado');
    } finally {
      if (!only) this.pushing = false;
    }
  }

  close() {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    for (const p of this.panels.values()) p.socket.close(1001, 'encerrando');
    this.panels.clear();
  }
}
