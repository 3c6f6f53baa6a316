// Zod-free on purpose: every logged-in page loads the waiting-room client, and zod (~24 KB gzipped)
// must not ride along (docs/decisions/0016-home-performance.md). The schemas live in fila.ts.

/** Path of the hub's WebSocket endpoint (ws:// or wss:// on the API's host). */
export const WAITING_ROOM_WS_PATH = '/api/fila/ws';
/** Header that may carry the admission ticket instead of the login body's `ticket`. */
export const WAITING_ROOM_TICKET_HEADER = 'x-fila-ticket';
/** Spec 000 section 9: two minutes without activity end a queue session. */
export const WAITING_ROOM_INACTIVITY_DEFAULT_MS = 120_000;

export const MSG_WAITING_ROOM = {
  salaDeEsperaAtiva: 'A sala de espera está ativa. Aguarde a sua vez na fila para fazer login.',
  ticketInvalido: 'Sua vez na fila expirou ou não é válida. Entre na fila novamente.',
  mensagemInvalida: 'Mensagem inválida.',
  tipoDesconhecido: 'Tipo de mensagem desconhecido.',
  clienteDiferente: 'Esta conexão já pertence a outro cliente.',
  foraDaFila: 'Você não está na fila. Entre na fila novamente.',
  muitasMensagens: 'Muitas mensagens. Aguarde um instante.',
  indisponivel: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
} as const;

/** A clientId: 8 to 64 letters, digits, - or _. */
export const WAITING_ROOM_CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export const WAITING_ROOM_ERROR_CODES = ['MENSAGEM_INVALIDA', 'TIPO_DESCONHECIDO', 'CLIENTE_DIFERENTE', 'FORA_DA_FILA', 'MUITAS_MENSAGENS', 'INDISPONIVEL'] as const;

/** Why a queue session ended: saida, the client's own Logout (any tab); inatividade: two minutes without activity. */
export const WAITING_ROOM_EXIT_REASONS = ['saida', 'inatividade'] as const;
