import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { missingFieldMessage, rejectingControlCharacters } from '@legiao/contracts';

// The one validator compiler every route's schemas go through (issue 14). Over the zod type
// provider's own it adds what all inputs share, so no route can forget it:
// - a control character (NUL, ...) anywhere in a query, params, headers or body is a 400 in
//   Portuguese, never a PostgreSQL error (500);
// - an absent body (no body, a JSON `null`, or `Content-Type: application/json` with zero bytes, which app.ts
//   parses as "no body") counts as `{}`: a route whose fields are all optional accepts it, and a
//   route that needs fields names each missing one.

type Schema = z.ZodType;

export const validatorCompiler: FastifySchemaCompiler<Schema> = ({ schema, method, url, httpPart }) => {
  const validate = zodValidatorCompiler({ schema: rejectingControlCharacters(schema), method, url, httpPart });
  if (httpPart !== 'body') return validate;
  return (data: unknown) => {
    // Fastify gives null for a request without a body and content type; the JSON parser, undefined.
    if (data !== undefined && data !== null) return validate(data);
    const empty = schema.safeParse({});
    if (empty.success) return { value: empty.data };
    const fields = [...new Set(empty.error.issues.map((i) => i.path[0]).filter((k): k is string => typeof k === 'string'))];
    // Not an object schema (no field names): zod's own message for a missing body.
    if (fields.length === 0) return validate(data);
    const missing = z.unknown().superRefine((_, ctx) => {
      for (const field of fields) ctx.addIssue({ code: 'custom', path: [field], message: missingFieldMessage(field) });
    });
    return zodValidatorCompiler({ schema: missing, method, url, httpPart })(data);
  };
};
