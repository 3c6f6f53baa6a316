import type { WebSocket } from 'ws';
import { FILA_PAINEL_MSG, filaPainelClientMessageSchema, type FilaAgendamento, type FilaPainelServerMessage } from '@legiao/contracts/admin/fila';
import type { FilaEstado } from '@legiao/contracts';

// The waiting-room panel's live feed (GET /api/admin/fila/ws), one per API process. A socket proves
// who it is with its first message (the session token: a browser can't set headers on a WebSocket
// and a token in the URL would land in access logs), then hears the state about once a second and
// the schedule list whenever it changes. Every process reads the same shared store and the same
// table, so a panel sees changes made through any process. ADR 0029.

export type Autorizacao = 'ok' | 'nao-autenticado' | 'sem-permissao';

export interface FilaPainelOptions {
  lerEstado: () => Promise<FilaEstado>;
  /** The schedule list (cached per process, invalidated by the table's NOTIFY). */
  lerAgendamentos: () => Promise<FilaAgendamento[]>;
  autorizar: (token: string) => Promise<Autorizacao>;
  log: { warn: (obj: object, msg?: string) => void };
  intervalMs?: number;
  /** A socket that hasn't authenticated within this long is closed. */
  authTimeoutMs?: number;
}

interface Painel {
  socket: WebSocket;
  autenticado: boolean;
  agendamentosEnviados: string | null;
}

const CLOSE_POLICY = 1008;

export class FilaPainel {
  private readonly paineis = new Map<WebSocket, Painel>();
  private timer: NodeJS.Timeout | null = null;
  private pushing = false;
  private closed = false;

  constructor(private readonly opts: FilaPainelOptions) {}

  get size() {
    return this.paineis.size;
  }

  attach(socket: WebSocket) {
    const painel: Painel = { socket, autenticado: false, agendamentosEnviados: null };
    socket.on('error', (err) => {
      this.opts.log.warn({ err }, 'fila-painel: erro no socket');
      this.paineis.delete(socket);
    });
    socket.on('close', () => {
      this.paineis.delete(socket);
      this.stopIfIdle();
    });
    const authTimer = setTimeout(() => {
      if (!painel.autenticado) this.refuse(painel, 'NAO_AUTENTICADO', FILA_PAINEL_MSG.naoAutenticado);
    }, this.opts.authTimeoutMs ?? 10_000);
    authTimer.unref();
    socket.on('message', (data, isBinary) => {
      if (painel.autenticado) return; // the panel only listens after the handshake
      void this.authenticate(painel, data as Buffer, isBinary).finally(() => clearTimeout(authTimer));
    });
    this.paineis.set(socket, painel);
  }

  private async authenticate(painel: Painel, data: Buffer, isBinary: boolean) {
    let token: string;
    try {
      if (isBinary || data.length > 8192) throw new Error('invalid');
      token = filaPainelClientMessageSchema.parse(JSON.parse(data.toString('utf8'))).token;
    } catch {
      return this.refuse(painel, 'MENSAGEM_INVALIDA', FILA_PAINEL_MSG.mensagemInvalida);
    }
    let r: Autorizacao;
    try {
      r = await this.opts.autorizar(token);
    } catch (err) {
      this.opts.log.warn({ err }, 'fila-painel: falha ao autorizar');
      r = 'nao-autenticado';
    }
    if (r === 'nao-autenticado') return this.refuse(painel, 'NAO_AUTENTICADO', FILA_PAINEL_MSG.naoAutenticado);
    if (r === 'sem-permissao') return this.refuse(painel, 'SEM_PERMISSAO', FILA_PAINEL_MSG.semPermissao);
    painel.autenticado = true;
    this.start();
    await this.push([painel]);
  }

  private refuse(painel: Painel, code: 'NAO_AUTENTICADO' | 'SEM_PERMISSAO' | 'MENSAGEM_INVALIDA', message: string) {
    this.send(painel, { type: 'Erro', code, message });
    painel.socket.close(CLOSE_POLICY, code);
    this.paineis.delete(painel.socket);
  }

  private send(painel: Painel, msg: FilaPainelServerMessage) {
    if (painel.socket.readyState === painel.socket.OPEN) painel.socket.send(JSON.stringify(msg));
  }

  private start() {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => void this.push(), this.opts.intervalMs ?? 1000);
    this.timer.unref();
  }

  private stopIfIdle() {
    if (this.timer && ![...this.paineis.values()].some((p) => p.autenticado)) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  /** Tells the open panels now (after an operator's change here), instead of at the next second. */
  async notify() {
    await this.push();
  }

  /** One read of the state and the schedules for every panel of this process. */
  private async push(only?: Painel[]) {
    const alvo = (only ?? [...this.paineis.values()]).filter((p) => p.autenticado);
    if (!alvo.length) return;
    if (!only) {
      if (this.pushing) return;
      this.pushing = true;
    }
    try {
      const [estado, agendamentos] = await Promise.all([this.opts.lerEstado(), this.opts.lerAgendamentos()]);
      const estadoMsg: FilaPainelServerMessage = { type: 'EstadoFila', estado, em: new Date().toISOString() };
      const lista = JSON.stringify(agendamentos);
      for (const p of alvo) {
        this.send(p, estadoMsg);
        if (p.agendamentosEnviados !== lista) {
          p.agendamentosEnviados = lista;
          this.send(p, { type: 'Agendamentos', agendamentos });
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
    for (const p of this.paineis.values()) p.socket.close(1001, 'encerrando');
    this.paineis.clear();
  }
}
