import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

// Answers are written by fast-json-stringify functions compiled once per route and status from the
// route's zod contract (converted to JSON Schema), not by a zod parse plus JSON.stringify of every
// answer: the contract stays the single truth, and a field it doesn't list (a password hash, an
// internal id) is never written. With `check` (tests), every answer is also parsed by the contract
// and the compiled output must equal JSON.stringify of the parsed value, so a contract the
// converter gets wrong fails the test suite instead of the member. docs/decisions/0017-api-speed.md

type JsonSchema = Record<string, unknown>;

const PRIMITIVE = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * `X | null` comes out of zod as anyOf [X, {type: null}], which fast-json-stringify resolves per
 * answer with a validator; a type list (['string', 'null']) is written directly.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === 'properties' ? Object.fromEntries(Object.entries(v as JsonSchema).map(([n, s]) => [n, simplify(s)])) : simplify(v);
  const any = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(any) && any.length === 2) {
    const nullIdx = any.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = any[1 - nullIdx];
    if (nullIdx !== -1 && other && typeof other.type === 'string' && (PRIMITIVE.has(other.type) || other.type === 'object' || other.type === 'array')) {
      const { anyOf: _drop, ...rest } = out;
      const merged: JsonSchema = { ...rest, ...other, type: [other.type, 'null'] };
      // An enum that allows null must list it, or fast-json-stringify would refuse the null.
      if (Array.isArray(merged.enum)) merged.enum = [...(merged.enum as unknown[]), null];
      return merged;
    }
  }
  return out;
}

/** The JSON Schema fast-json-stringify compiles for a zod response contract. */
export function serializerSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-07', io: 'output', unrepresentable: 'any', reused: 'inline' }) as JsonSchema;
  delete json.$schema;
  return simplify(json) as JsonSchema;
}

/** One compiled writer for a zod schema; with `check`, verified against the contract on every call. */
export function compileSerializer(schema: z.ZodType, opts: { check: boolean; method?: string; url?: string }): (data: unknown) => string {
  const stringify = fastJson(serializerSchema(schema) as unknown as Parameters<typeof fastJson>[0]);
  if (!opts.check) return (data) => stringify(data);
  return (data) => {
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new ResponseSerializationError(opts.method ?? '', opts.url ?? '', { cause: parsed.error });
    const out = stringify(data);
    if (!isDeepStrictEqual(JSON.parse(out), JSON.parse(JSON.stringify(parsed.data)))) {
      throw new Error(`compiled serializer disagrees with the contract for ${opts.method} ${opts.url}: ${out}`);
    }
    return out;
  };
}

const isZod = (s: unknown): s is z.ZodType => typeof s === 'object' && s !== null && '_zod' in s;

/** Fastify's serializer compiler: zod response schemas through compileSerializer. */
export function compiledSerializerCompiler(check: boolean): FastifySerializerCompiler<unknown> {
  return (({ schema, method, url }: { schema: unknown; method: string; url: string }) => {
    const zodSchema = isZod(schema) ? schema : (schema as { properties?: unknown }).properties;
    if (!isZod(zodSchema)) throw new Error(`response schema of ${method} ${url} is not a zod schema`);
    return compileSerializer(zodSchema, { check, method, url });
  }) as unknown as FastifySerializerCompiler<unknown>;
}
