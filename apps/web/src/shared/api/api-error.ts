import { MSG } from '@legiao/contracts/messages';

/** A failed API call. `message` is what the user should read (first errors[].message or the fallback). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** The first `errors[].message` of an `{ errors: [{ message }] }` body, if there is one. */
export function firstErrorMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const errors = (body as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return undefined;
  const first: unknown = errors[0];
  if (!first || typeof first !== 'object') return undefined;
  const message = (first as { message?: unknown }).message;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/** What to show for any thrown value: the API message, or the spec's fallback. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return MSG.fallback;
}
