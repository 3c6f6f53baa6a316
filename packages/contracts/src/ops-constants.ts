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
} as const;

/** errors[].code of the 503s that mean "nothing was done, try again": any method may be repeated. */
export const OPS_RETRY_CODES = ['SOBRECARGA', 'ENCERRANDO'] as const;
export type OpsRetryCode = (typeof OPS_RETRY_CODES)[number];
