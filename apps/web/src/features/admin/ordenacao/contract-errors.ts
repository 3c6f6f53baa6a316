import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Runs the shared contract on what a form built, and puts each issue on its field (the first path
 * segment) or on the form's root. Answers the parsed body, or null when it has errors: the browser
 * shows the same Portuguese messages the server would answer.
 */
export function validateWithContract<S extends z.ZodType, F extends FieldValues>(schema: S, body: unknown, setError: UseFormSetError<F>, fields: readonly string[]): z.output<S> | null {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  let root: string | null = null;
  for (const issue of r.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (fields.includes(field)) setError(field as Path<F>, { type: 'contrato', message: issue.message });
    else root ??= issue.message;
  }
  if (root) setError('root' as Path<F>, { type: 'contrato', message: root });
  return null;
}
