// The OpenAPI document must describe exactly what the server answers (issue 14). zod's openapi-3.0
// output writes a nullable enum as `{ nullable: true, enum: [...] }` without null in the list, and
// OpenAPI 3.0.3 reads `enum` as the complete set of values: a validator (or a generated client)
// then refuses the `null` the server sends (GET /api/conquista's perfil).

type Json = Record<string, unknown>;

function walk(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(walk);
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
  for (const value of Object.values(schema)) walk(value);
}

/** @fastify/swagger's transformObject: the finished document, fixed in place once. */
export function completeNullableEnums(document: { openapiObject: Json } | { swaggerObject: Json }) {
  const object = 'openapiObject' in document ? document.openapiObject : document.swaggerObject;
  walk(object);
  return object;
}
