/** Query keys of the benefits feature: everything under 'beneficio', so one invalidation reloads it all. */
export const benefitKeys = {
  todos: ['beneficio'] as const,
  lista: ['beneficio', 'lista'] as const,
  um: (id: number) => ['beneficio', 'um', id] as const,
  cupons: ['beneficio', 'cupom'] as const,
};
