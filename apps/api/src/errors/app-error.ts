import { MSG } from '@legiao/contracts';

/** Error codes services throw; error-handler.ts maps each to one HTTP status. */
export const ERROR_STATUS = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  /** A WebSocket-only route called without the Upgrade handshake. */
  UPGRADE_REQUIRED: 426,
  /** An upload over its size limit (code files, images). */
  TOO_LARGE: 413,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** A finer, stable reason clients may branch on (e.g. CONTA_NAO_ATIVADA). */
    readonly reason?: string,
  ) {
    super(message);
  }
  get status() {
    return ERROR_STATUS[this.code];
  }
}

export const badRequest = (message: string, reason?: string) => new AppError('VALIDATION', message, reason);
export const unauthenticated = (message: string = MSG.naoAutenticado, reason?: string) => new AppError('UNAUTHENTICATED', message, reason);
export const forbidden = (message: string = MSG.proibido, reason?: string) => new AppError('FORBIDDEN', message, reason);
export const notFound = (message: string = MSG.naoEncontrado) => new AppError('NOT_FOUND', message);
export const conflict = (message: string, reason?: string) => new AppError('CONFLICT', message, reason);
