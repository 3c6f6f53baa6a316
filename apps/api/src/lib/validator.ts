import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { missingFieldMessage, rejectingControlCharacters } from '@legiao/contracts';

// The one validator compiler every route's schemas go through (issue 14). Over the zod type
// provider's own it adds what all inputs share, so no route can forget it:
// - a control character (NUL, ...) anywhere in a query, params, headers or body is a 400 in
//   Portuguese, never a PostgreSQL error (500);
// - a number read from the URL or a header (`z.coerce.number()`) must be written in decimal digits:
//   `Number()` alone also reads ' 1', '+1', '1e3', '0x10' and '' (0), which the OpenAPI document's
//   integer does not allow;
// - an absent body (no body, a JSON `null`, or `Content-Type: application/json` with zero bytes, which app.ts
//   parses as "no body") counts as `{}`: a route whose fields are all optional accepts it, and a
//   route that needs fields names each missing one.

type Schema = z.ZodType;

/** What a number parameter may look like on the wire: an integer's digits, or a decimal's. */
const INTEGER_TEXT = /^-?\d+$/;
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

interface Def {
  type: string;
  coerce?: boolean;
  innerType?: Schema;
  in?: Schema;
  shape?: Record<string, Schema>;
  checks?: Array<{ _zod: { def: { check: string; format?: string } } }>;
}
const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod;
/** `.int()` is a number_format check (safeint, int32, ...). */
const isInteger = (def: Def) => (def.checks ?? []).some((c) => c._zod.def.check === 'number_format' && /int/.test(c._zod.def.format ?? ''));

/** Through optional, default, nullable, catch and pipes (their input side) to the schema that reads the value. */
function innermost(schema: Schema): Schema {
  let current = schema;
  for (let i = 0; i < 16; i++) {
    const def = defOf(current).def;
    const next = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (!next) break;
    current = next;
  }
  return current;
}

/** The wire rule of each top-level field that `z.coerce.number()` reads. */
function numberTextRules(schema: Schema): Map<string, RegExp> {
  const rules = new Map<string, RegExp>();
  const object = innermost(schema);
  const { shape } = defOf(object).def;
  if (defOf(object).def.type !== 'object' || !shape) return rules;
  for (const [key, field] of Object.entries(shape)) {
    const reader = defOf(innermost(field));
    if (reader.def.type === 'number' && reader.def.coerce) rules.set(key, isInteger(reader.def) ? INTEGER_TEXT : DECIMAL_TEXT);
  }
  return rules;
}

/** `schema`, with number texts that aren't plain digits turned into NaN first: refused with the field's own message. */
function readingNumberTexts(schema: Schema): Schema {
  const rules = numberTextRules(schema);
  if (rules.size === 0) return schema;
  return z.preprocess((data) => {
    if (!data || typeof data !== 'object') return data;
    let out = data as Record<string, unknown>;
    for (const [key, rule] of rules) {
      const value = out[key];
      if (value !== undefined && !(typeof value === 'string' && rule.test(value))) out = { ...out, [key]: Number.NaN };
    }
    return out;
  }, schema);
}

/**
 * Whether a route accepts a request without a body: its body schema accepts `{}`. The OpenAPI
 * document (lib/openapi.ts) says so too (`requestBody.required: false`).
 */
export const acceptsAbsentBody = (schema: Schema) => schema.safeParse({}).success;

export const validatorCompiler: FastifySchemaCompiler<Schema> = ({ schema, method, url, httpPart }) => {
  const reading = httpPart === 'body' ? schema : readingNumberTexts(schema);
  const validate = zodValidatorCompiler({ schema: rejectingControlCharacters(reading), method, url, httpPart });
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
