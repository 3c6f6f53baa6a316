// Operations: what the API answers when it sheds load or is going away, and its readiness. No zod
// here: the web app's http client reads these on every call (ADR 0016: member pages load no zod).
// docs/decisions/0024-overload-and-observability.md

export const OPS_MSG = {
  /** 503 + Retry-After when this process is too busy to answer well (under-pressure). */
  sobrecarga: 'Muita gente agora. Tente de novo em instantes.',
  /** 503 + Retry-After for a request that reaches a process that is shutting down. */
  encerrando: 'Estamos reiniciando um servidor. Tente de novo em instantes.',
  /** GET /api/ready when the database (or Redis) does not answer. */
  naoPronto: 'Serviço indisponível no momento.',
  /** 503 + Retry-After, BANCO_INDISPONIVEL: the database could not be reached; nothing was done (ADR 0038). */
  bancoIndisponivel: 'Estamos com uma instabilidade momentânea. Tente de novo em instantes.',
  /** 503 + Retry-After, BANCO_INTERROMPIDO: the connection broke during the request; it may have been done. */
  bancoInterrompido: 'Tivemos uma instabilidade no meio do seu pedido. Confira se ele foi concluído antes de tentar de novo.',
} as const;

/** errors[].code of the 503s that mean "nothing was done, try again": any method may be repeated. */
// FILA_INDISPONIVEL: the waiting room's Redis is away, so login could not check the room (ADR 0037).
export const OPS_RETRY_CODES = ['SOBRECARGA', 'ENCERRANDO', 'BANCO_INDISPONIVEL', 'FILA_INDISPONIVEL'] as const;
export type OpsRetryCode = (typeof OPS_RETRY_CODES)[number];

/**
 * errors[].code of the 503s (with Retry-After) whose request may or may not have been done: the
 * database connection broke while it ran. A GET is repeated as always; another method only when it
 * carried an Idempotency-Key, whose repeat replays the first answer instead of doing it twice.
 */
export const OPS_RETRY_WITH_KEY_CODES = ['BANCO_INTERROMPIDO'] as const;
