// Plain JavaScript so that both the contract test (vitest) and bench/fuzz.mjs (plain node) use the
// same conversion; types in openapi-draft7.d.mts.

/**
 * OpenAPI 3.0's schema dialect to JSON Schema draft 7, for ajv: exclusive bounds are booleans there,
 * and `nullable` may stand beside an anyOf, where ajv wants it next to a type.
 */
export function toDraft7(node) {
  if (Array.isArray(node)) return node.map(toDraft7);
  if (!node || typeof node !== 'object') return node;
  const out = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === 'properties' ? Object.fromEntries(Object.entries(v).map(([n, s]) => [n, toDraft7(s)])) : toDraft7(v);
  if (out.exclusiveMinimum === true) [out.exclusiveMinimum, out.minimum] = [out.minimum, undefined];
  if (out.exclusiveMaximum === true) [out.exclusiveMaximum, out.maximum] = [out.maximum, undefined];
  if (out.exclusiveMinimum === false) delete out.exclusiveMinimum;
  if (out.exclusiveMaximum === false) delete out.exclusiveMaximum;
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  if (out.nullable === true && out.type === undefined) {
    delete out.nullable;
    return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}
