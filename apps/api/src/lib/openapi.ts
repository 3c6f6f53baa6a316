import { createJsonSchemaTransform, jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { acceptsAbsentBody } from './validator.js';

// The OpenAPI document must describe exactly what the server accepts and answers (issue 14). On top
// of the zod type provider's conversion:
// - zod's openapi-3.0 output writes a nullable enum as `{ nullable: true, enum: [...] }` without null
//   in the list, and OpenAPI 3.0.3 reads `enum` as the complete set of values: a validator (or a
//   generated client) then refuses the `null` the server sends (GET /api/conquista's perfil);
// - a body whose fields are all optional may be left out (lib/validator.ts reads no body, or a JSON
//   `null`, as `{}`); @fastify/swagger always writes `requestBody.required: true`;
// - a string the contract trims (`z.string().trim()`) is checked after trimming, so its `pattern`
//   allows surrounding whitespace in the document too (the contract fuzzer got a 201 for an SKU with
//   a line break after it, which the documented pattern refused), and its length limit is a pattern
//   on the trimmed text (`maxLength` would refuse a value with blanks around it that the server takes);
// - a field behind a preprocess step (the forms' "empty text is not set" helpers) is documented as
//   its inner schema, which says nothing of what the step maps: each such field is asked, with zod
//   itself, whether it takes `null`, `''` and no value at all, and the document admits exactly those
//   (`nullable`, an `anyOf` branch for `''`, left out of `required`).

type Json = Record<string, unknown>;

/** Marks a body schema the route may go without; turned into `requestBody.required: false` below. */
const OPTIONAL_BODY = 'x-legiao-optional-body';

interface ZodInternals {
  _zod: { def: { type: string; in?: unknown; shape?: Record<string, unknown>; checks?: Array<{ _zod: { def: { check: string; tx?: (s: string) => string } } }> } };
}
const defOf = (schema: unknown) => (schema as ZodInternals)._zod.def;

/** Whether the schema, run as the validator runs it, takes `value` (a field left out is `undefined`). */
function accepts(schema: unknown, value: unknown): boolean {
  try {
    return (schema as z.ZodType).safeParse(value).success;
  } catch {
    return false; // async refinements: not something a document can say
  }
}

/** Whether a JSON schema node admits a text (`type`, lengths, `pattern`, `enum`; a `format` is taken as refusing blanks). */
function admitsText(json: Json, text: string): boolean {
  if (json.anyOf) return (json.anyOf as Json[]).some((branch) => admitsText(branch, text));
  if (json.type !== 'string' || json.format) return false;
  if (typeof json.minLength === 'number' && text.length < json.minLength) return false;
  if (typeof json.maxLength === 'number' && text.length > json.maxLength) return false;
  if (Array.isArray(json.enum) && !json.enum.includes(text)) return false;
  if (typeof json.pattern === 'string' && !new RegExp(json.pattern, 'u').test(text)) return false;
  for (const part of (json.allOf as Json[] | undefined) ?? []) if (typeof part.pattern === 'string' && !new RegExp(part.pattern, 'u').test(text)) return false;
  return true;
}

/** A preprocessed field: its document admits the `null`, `''` and blank text the preprocess step lets through. */
function documentPreprocessed(zodSchema: unknown, json: Json) {
  if (accepts(zodSchema, null) && json.nullable !== true) json.nullable = true;
  const blank = accepts(zodSchema, ' \t ') && !admitsText(json, ' \t ');
  if (blank || (accepts(zodSchema, '') && !admitsText(json, ''))) {
    const nullable = json.nullable === true;
    const inner: Json = { ...json };
    delete inner.nullable;
    for (const key of Object.keys(json)) delete json[key];
    json.anyOf = [inner, blank ? { type: 'string', pattern: '^\\s*$' } : { type: 'string', enum: [''] }];
    if (nullable) json.nullable = true;
  }
}

/** Where a string schema trims (`.trim()` is an overwrite check, told apart by what it does): the checks after it see the trimmed text. */
function trimmedChecks(schema: unknown): Set<string> {
  const def = defOf(schema);
  const after = new Set<string>();
  if (def.type !== 'string') return after;
  let trimmed = false;
  for (const c of def.checks ?? []) {
    const { check, tx } = c._zod.def;
    if (trimmed) after.add(check);
    else if (check === 'overwrite' && tx) {
      try {
        trimmed = tx(' \t\nx\n ') === 'x';
      } catch {
        trimmed = false;
      }
    }
  }
  return after;
}

/**
 * "At most n characters once trimmed", as a pattern: the text between the first and the last
 * non-blank character is at most n long (`maxLength` would count the blanks around it).
 */
function trimmedAtMost(n: number): string {
  const core = n === 0 ? '' : n === 1 ? '\\S' : `\\S(?:[\\s\\S]{0,${n - 2}}\\S)?`;
  return `^\\s*(?:${core})?\\s*$`;
}

/** `^P$` -> `^\s*(?:P)\s*$`; an unanchored pattern already matches inside surrounding whitespace. */
function allowingSurroundingSpace(pattern: string): string {
  if (!pattern.startsWith('^') || !pattern.endsWith('$') || pattern.endsWith('\\$')) return pattern;
  return `^\\s*(?:${pattern.slice(1, -1)})\\s*$`;
}

/** zod's openapi-3.0 `z.null()` branch, `{ type: 'string', nullable: true, enum: [null] }`. */
const isNullBranch = (s: Json) => s.nullable === true && Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null;

/**
 * Request schemas (body, query, params, headers): the type provider's own override (a union with
 * null becomes one nullable schema; its date and undefined rules are for answers only) plus trimmed
 * patterns. An `override` replaces the provider's default, so its union rule is repeated here.
 */
const requestTransform = createJsonSchemaTransform({
  zodToJsonConfig: {
    override: (ctx: { zodSchema: unknown; jsonSchema: Json }) => {
      const { zodSchema, jsonSchema } = ctx;
      const def = defOf(zodSchema);
      const type = def.type;
      if (type === 'union' && Array.isArray(jsonSchema.anyOf)) {
        const anyOf = (jsonSchema.anyOf as Json[]).filter((s) => Object.keys(s).length > 0);
        jsonSchema.anyOf = anyOf;
        const others = anyOf.filter((s) => !isNullBranch(s));
        if (others.length < anyOf.length && others.length === 1) {
          delete jsonSchema.anyOf;
          Object.assign(jsonSchema, others[0], { nullable: true });
        } else if (others.length < anyOf.length && others.length > 1) {
          jsonSchema.anyOf = others;
          jsonSchema.nullable = true;
        }
      }
      if (type === 'pipe' && def.in && defOf(def.in).type === 'transform') documentPreprocessed(zodSchema, jsonSchema);
      // A field the object fills in when it is left out (a preprocess maps undefined) is not required.
      if (type === 'object' && def.shape && Array.isArray(jsonSchema.required)) {
        const shape = def.shape;
        jsonSchema.required = (jsonSchema.required as string[]).filter((key) => !(shape[key] && accepts(shape[key], undefined)));
        if ((jsonSchema.required as string[]).length === 0) delete jsonSchema.required;
      }
      const afterTrim = trimmedChecks(zodSchema);
      if (afterTrim.has('string_format')) {
        if (typeof jsonSchema.pattern === 'string') jsonSchema.pattern = allowingSurroundingSpace(jsonSchema.pattern);
        for (const part of (jsonSchema.allOf as Json[] | undefined) ?? []) if (typeof part.pattern === 'string') part.pattern = allowingSurroundingSpace(part.pattern);
      }
      if (afterTrim.has('max_length') && typeof jsonSchema.maxLength === 'number') {
        const limit = trimmedAtMost(jsonSchema.maxLength);
        // Said in words too, for whoever reads the document rather than validates with it.
        const words = `Até ${jsonSchema.maxLength} caracteres, sem contar espaços nas pontas.`;
        jsonSchema.description = typeof jsonSchema.description === 'string' ? `${jsonSchema.description} (${words})` : words;
        delete jsonSchema.maxLength;
        if (typeof jsonSchema.pattern === 'string') jsonSchema.allOf = [...((jsonSchema.allOf as Json[] | undefined) ?? []), { pattern: limit }];
        else jsonSchema.pattern = limit;
      }
    },
  },
});

type RouteDocument = Parameters<typeof jsonSchemaTransform>[0];

/** @fastify/swagger's per-route transform: answers as the type provider writes them, requests as above. */
export function documentRoute(document: RouteDocument) {
  const result = jsonSchemaTransform(document) as unknown as { schema: Json; url: string };
  if (!document.schema || (result.schema as Json).hide) return result;
  const requests = requestTransform(document) as unknown as { schema: Json };
  for (const part of ['body', 'querystring', 'params', 'headers']) if (requests.schema[part]) result.schema[part] = requests.schema[part];
  const body = (document.schema as Json).body;
  if (body && result.schema.body && acceptsAbsentBody(body as z.ZodType)) result.schema.body = { ...(result.schema.body as Json), [OPTIONAL_BODY]: true };
  return result;
}

function walk(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(walk);
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
  for (const value of Object.values(schema)) walk(value);
}

/** Bodies marked by documentRoute: not required, and a JSON `null` is read as no body. */
function markOptionalBodies(paths: Json) {
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations as Json)) {
      const requestBody = (operation as Json | undefined)?.requestBody as Json | undefined;
      if (!requestBody?.content) continue;
      for (const media of Object.values(requestBody.content as Json)) {
        const schema = (media as Json).schema as Json | undefined;
        if (!schema?.[OPTIONAL_BODY]) continue;
        delete schema[OPTIONAL_BODY];
        schema.nullable = true;
        requestBody.required = false;
      }
    }
  }
}

/** @fastify/swagger's transformObject: the finished document, fixed in place once. */
export function completeDocument(document: { openapiObject: Json } | { swaggerObject: Json }) {
  const object = 'openapiObject' in document ? document.openapiObject : document.swaggerObject;
  if (object.paths) markOptionalBodies(object.paths as Json);
  walk(object);
  return object;
}
