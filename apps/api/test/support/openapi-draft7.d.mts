/** OpenAPI 3.0's schema dialect to JSON Schema draft 7 (openapi-draft7.mjs). */
export function toDraft7(node: unknown): unknown;
