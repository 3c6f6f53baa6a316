import type pg from 'pg';
import type { OrderLaunchUse } from '@legiao/contracts/integracao/pedidos';
import type { SqlPool } from '../../db/prisma.js';
import { newAccessCode } from '../lancamentos/access-code.js';
import { inWindow, LAUNCH_COLUMNS, ruleOf, type LaunchRow } from '../lancamentos/lancamentos.service.js';
import { decideMany, type Decision } from '../lancamentos/rule-engine.js';

// The store's orders and the launches' allowances (docs/decisions/0047-launches.md, "Part 2: orders,
// events"). Runs inside the order batch's own transaction (pedidos.service.ts), for the orders that
// transaction has just inserted: an order id is inserted once (pedido_loja's unique key, ADR 0041), so
// its use of an allowance happens once, whatever the retries, the concurrent calls or the processes.
//
// - The moment of an order: the store's date and time when it sends one (ISO 8601 with an offset: the
//   purchase's own instant, also for an order sent late), else the moment the portal receives it (a
//   day alone cannot place an order in a window that opens at 00:00 and may last two hours).
// - The rule is decided for that member at that moment (the store may have skipped GET .../direito):
//   one statement for all the batch's buyers of a launch at one moment (decideMany), and the missing
//   access rows made in one statement per launch, before the uses.
// - The eligible buyers' access rows are locked (one SELECT ... FOR UPDATE, in (launch, member)
//   order) and read at their newest version after any wait (READ COMMITTED); each order is counted
//   whole or not at all against what the row holds plus the batch's earlier orders, and the rows and
//   the uses are written in one statement each: the row's lock orders concurrent batches of one
//   member, so the allowance never passes its total. (One conditional UPDATE per order did the same
//   in ten round trips for a batch of ten.)
// - Over the allowance, or not entitled: the order is applied all the same (it was charged) and
//   flagged in its answer and in lancamento_pedido.
// Rows are locked in (launch, member) order in every batch, so two batches never wait on each other in a cycle.

type Queryable = SqlPool | pg.ClientBase;

/** An order of the batch that may bear on a launch: a paid order just inserted (applied or pending). */
export interface LaunchOrder {
  index: number;
  /** pedido_loja.id */
  orderRowId: string;
  /** null: kept pending (nobody with an active account): flagged, never counted. */
  userId: string | null;
  moment: Date;
  items: { sku: string; quantidade: number }[];
}

/** The store's instant of an order, when `data` is a date and time with its offset (not later than now). */
export function storeInstant(raw: unknown, now: Date): Date | null {
  const data = raw && typeof raw === 'object' ? (raw as Record<string, unknown>).data : undefined;
  if (typeof data !== 'string' || data.trim().length <= 10) return null;
  const ms = Date.parse(data.trim());
  if (Number.isNaN(ms)) return null;
  // A store's clock a few minutes ahead (the contract allows it) is read as now.
  return new Date(Math.min(ms, now.getTime()));
}

/**
 * Published launches whose early-access window meets [from, to] and that are not public yet: an order
 * sent late (its own instant in the window) still counts until the public date; after it, early access
 * means nothing, and a store replaying old orders does not reopen old launches. A handful of rows.
 */
async function launchesBetween(db: Queryable, from: Date, to: Date): Promise<LaunchRow[]> {
  const { rows } = await db.query<LaunchRow>({
    name: 'lancamentos-janela-pedidos',
    text: `SELECT ${LAUNCH_COLUMNS} FROM lancamento_produto
            WHERE status = 'publicado' AND acesso_inicio <= $2 AND acesso_fim > $1 AND data_publica > now() ORDER BY id`,
    values: [from, to],
  });
  return rows;
}

/**
 * The access rows of these members for the launch, made where missing (the same code as the member's
 * first view), in one statement, in member order (the order every batch takes them in).
 */
async function openAccesses(db: Queryable, launchId: string, userIds: string[]): Promise<void> {
  let missing = [...userIds].sort(cmp);
  for (let attempt = 0; ; attempt++) {
    // No conflict target: a concurrent first view or order (same member) or a code collision (50 bits:
    // rare) both do nothing, and no error aborts the batch's transaction.
    const { rows: inserted } = await db.query<{ usuario_id: string }>({
      name: 'acesso-antecipado-pedidos',
      text: `INSERT INTO acesso_antecipado (id, lancamento_id, usuario_id, codigo, atualizado_em)
             SELECT gen_random_uuid(), $1, m.id, m.codigo, now() AT TIME ZONE 'UTC'
               FROM unnest($2::uuid[], $3::text[]) WITH ORDINALITY AS m(id, codigo, n) ORDER BY m.n
             ON CONFLICT DO NOTHING
             RETURNING usuario_id::text`,
      values: [launchId, missing, missing.map(() => newAccessCode())],
    });
    // Every row made by this insert (the usual case): no second round trip.
    if (inserted.length === missing.length) return;
    // Else a statement of its own: it sees rows other transactions committed while the insert waited.
    const { rows } = await db.query<{ usuario_id: string }>({
      name: 'acesso-antecipado-existem',
      text: 'SELECT usuario_id::text FROM acesso_antecipado WHERE lancamento_id = $1 AND usuario_id = ANY ($2::uuid[])',
      values: [launchId, missing],
    });
    const made = new Set(rows.map((r) => r.usuario_id));
    missing = missing.filter((id) => !made.has(id));
    if (!missing.length) return;
    if (attempt >= 3) throw new Error('acesso_antecipado: código repetido quatro vezes');
  }
}

/**
 * The allowances the batch's new paid orders use; answers each order's uses by its index in the call.
 * In the open transaction of `db`.
 */
export async function useAllowances(db: Queryable, orders: LaunchOrder[], foundersUntil: Date): Promise<Map<number, OrderLaunchUse[]>> {
  const out = new Map<number, OrderLaunchUse[]>();
  if (!orders.length) return out;
  const times = orders.map((o) => o.moment.getTime());
  const launches = await launchesBetween(db, new Date(Math.min(...times)), new Date(Math.max(...times)));
  if (!launches.length) return out;

  const tasks: { order: LaunchOrder; launch: LaunchRow; units: number }[] = [];
  for (const launch of launches) {
    const skus = new Set(launch.skus.map((s) => s.toUpperCase()));
    for (const order of orders) {
      if (!inWindow(launch, order.moment)) continue;
      const units = order.items.reduce((n, i) => n + (skus.has(i.sku.toUpperCase()) ? i.quantidade : 0), 0);
      if (units > 0) tasks.push({ order, launch, units });
    }
  }
  tasks.sort((a, b) => cmp(a.launch.id, b.launch.id) || cmp(a.order.userId ?? '', b.order.userId ?? '') || a.order.index - b.order.index);

  // The rule decided once per launch and moment for all the batch's buyers (one statement: the orders
  // of a batch without a time of their own share the receipt's moment), before any use below.
  const groups = new Map<string, { launch: LaunchRow; moment: Date; users: Set<string> }>();
  for (const { order, launch } of tasks) {
    if (!order.userId) continue;
    const key = `${launch.id}|${order.moment.getTime()}`;
    const group = groups.get(key) ?? { launch, moment: order.moment, users: new Set<string>() };
    group.users.add(order.userId);
    groups.set(key, group);
  }
  const decisions = new Map<string, Decision>();
  for (const [key, g] of groups) {
    for (const [userId, d] of await decideMany(db, ruleOf(g.launch), [...g.users].sort(cmp), { now: g.moment, foundersUntil }, { launchId: g.launch.id })) decisions.set(`${key}|${userId}`, d);
  }
  const decisionOf = (order: LaunchOrder, launch: LaunchRow) => (order.userId ? decisions.get(`${launch.id}|${order.moment.getTime()}|${order.userId}`) : undefined);
  // The access rows missing for the entitled buyers, one statement per launch (launches in id order).
  const toOpen = new Map<string, Set<string>>();
  for (const { order, launch } of tasks) {
    const d = decisionOf(order, launch);
    if (d?.eligible && !d.code) toOpen.set(launch.id, (toOpen.get(launch.id) ?? new Set()).add(order.userId!));
  }
  for (const [launchId, users] of toOpen) await openAccesses(db, launchId, [...users]);

  // The eligible buyers' access rows, locked in (launch, member) order in one statement (the Sort is
  // below the row locks in the plan, so locks are taken in that order: no cycle with another batch);
  // a row another transaction holds is waited for and re-read at its newest version (READ COMMITTED).
  const counted = tasks.filter(({ order, launch }) => decisionOf(order, launch)?.eligible);
  const used = new Map<string, number>();
  if (counted.length) {
    const pairs = [...new Map(counted.map(({ order, launch }) => [`${launch.id}|${order.userId}`, [launch.id, order.userId!] as const])).values()];
    const { rows } = await db.query<{ lancamento_id: string; usuario_id: string; cota_usada: number }>({
      name: 'lancamento-pedido-travar',
      text: `SELECT a.lancamento_id::text, a.usuario_id::text, a.cota_usada FROM acesso_antecipado a
               JOIN unnest($1::uuid[], $2::uuid[]) AS k(lancamento_id, usuario_id) ON a.lancamento_id = k.lancamento_id AND a.usuario_id = k.usuario_id
              ORDER BY a.lancamento_id, a.usuario_id FOR UPDATE OF a`,
      values: [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
    });
    for (const r of rows) used.set(`${r.lancamento_id}|${r.usuario_id}`, r.cota_usada);
  }
  // Each order counted whole or not at all, in the batch's order (tasks are sorted by launch, member,
  // index): the same outcome as one conditional UPDATE per order, in one pass and one statement.
  const uses: { launchId: string; userId: string; orderRowId: string; units: number; over: boolean; unentitled: boolean }[] = [];
  const before = new Map(used);
  for (const { order, launch, units } of tasks) {
    let situation: OrderLaunchUse['situacao'] = 'sem-direito';
    if (order.userId) {
      if (decisionOf(order, launch)?.eligible) {
        const key = `${launch.id}|${order.userId}`;
        const now = used.get(key) ?? 0;
        const fits = used.has(key) && now + units <= launch.cota_por_membro;
        if (fits) used.set(key, now + units);
        uses.push({ launchId: launch.id, userId: order.userId, orderRowId: order.orderRowId, units, over: !fits, unentitled: false });
        situation = fits ? 'na-cota' : 'acima-da-cota';
      } else {
        uses.push({ launchId: launch.id, userId: order.userId, orderRowId: order.orderRowId, units, over: true, unentitled: true });
      }
    }
    // Pending orders (no active account with that e-mail or CPF) are flagged and never counted: the
    // allowance is a member's, and this buyer is none yet.
    const list = out.get(order.index) ?? [];
    list.push({ slug: launch.slug, unidades: units, situacao: situation });
    out.set(order.index, list);
  }
  const changed = [...used].filter(([key, n]) => before.get(key) !== n);
  // The rows' new totals and the uses in one statement (two data-modifying CTEs: one round trip).
  if (uses.length) {
    await db.query({
      name: 'lancamento-pedido-usar-registrar',
      text: `WITH usar AS (
               UPDATE acesso_antecipado a SET cota_usada = k.cota_usada, atualizado_em = now() AT TIME ZONE 'UTC'
                 FROM unnest($1::uuid[], $2::uuid[], $3::int[]) AS k(lancamento_id, usuario_id, cota_usada)
                WHERE a.lancamento_id = k.lancamento_id AND a.usuario_id = k.usuario_id
               RETURNING 1)
             INSERT INTO lancamento_pedido (id, lancamento_id, usuario_id, pedido_loja_id, unidades, acima_da_cota, sem_direito)
             SELECT gen_random_uuid(), u.lancamento_id, u.usuario_id, u.pedido_loja_id, u.unidades, u.acima, u.sem_direito
               FROM unnest($4::uuid[], $5::uuid[], $6::uuid[], $7::int[], $8::bool[], $9::bool[]) AS u(lancamento_id, usuario_id, pedido_loja_id, unidades, acima, sem_direito)`,
      values: [
        changed.map(([k]) => k.split('|')[0]),
        changed.map(([k]) => k.split('|')[1]),
        changed.map(([, n]) => n),
        uses.map((u) => u.launchId),
        uses.map((u) => u.userId),
        uses.map((u) => u.orderRowId),
        uses.map((u) => u.units),
        uses.map((u) => u.over),
        uses.map((u) => u.unentitled),
      ],
    });
  }
  return out;
}

/**
 * Cancelled orders give their counted units back (never below 0); units over the allowance or
 * without the right were never counted, so nothing is subtracted for them. Once per order: the use's
 * cancelado_em is set in the same statement that reads it.
 */
export async function returnAllowances(db: Queryable, orderRowIds: string[]): Promise<string[]> {
  if (!orderRowIds.length) return [];
  const { rows } = await db.query<{ lancamento_id: string; usuario_id: string; unidades: number }>(
    `WITH c AS (
       UPDATE lancamento_pedido SET cancelado_em = now() WHERE pedido_loja_id = ANY($1::uuid[]) AND cancelado_em IS NULL
       RETURNING lancamento_id, usuario_id, unidades, acima_da_cota)
     SELECT lancamento_id::text, usuario_id::text, sum(unidades)::int AS unidades FROM c WHERE NOT acima_da_cota
      GROUP BY 1, 2 ORDER BY 1, 2`,
    [orderRowIds],
  );
  for (const r of rows) {
    await db.query(
      `UPDATE acesso_antecipado SET cota_usada = greatest(0, cota_usada - $3), atualizado_em = now() AT TIME ZONE 'UTC' WHERE lancamento_id = $1 AND usuario_id = $2`,
      [r.lancamento_id, r.usuario_id, r.unidades],
    );
  }
  return rows.map((r) => r.usuario_id);
}

/**
 * What orders received before did to the allowances (a retry answers what the first time did; GET
 * .../pedidos/{pedido} shows it with whether the order was cancelled since).
 */
export async function usesOf(db: Queryable, orderRowIds: string[]): Promise<Map<string, (OrderLaunchUse & { cancelado: boolean })[]>> {
  const out = new Map<string, (OrderLaunchUse & { cancelado: boolean })[]>();
  if (!orderRowIds.length) return out;
  const { rows } = await db.query<{ pedido_loja_id: string; slug: string; unidades: number; acima_da_cota: boolean; sem_direito: boolean; cancelado: boolean }>(
    `SELECT lp.pedido_loja_id::text, l.slug, lp.unidades, lp.acima_da_cota, lp.sem_direito, lp.cancelado_em IS NOT NULL AS cancelado
       FROM lancamento_pedido lp JOIN lancamento_produto l ON l.id = lp.lancamento_id
      WHERE lp.pedido_loja_id = ANY($1::uuid[]) ORDER BY l.id`,
    [orderRowIds],
  );
  for (const r of rows) {
    const uses = out.get(r.pedido_loja_id) ?? [];
    uses.push({ slug: r.slug, unidades: r.unidades, situacao: r.sem_direito ? 'sem-direito' : r.acima_da_cota ? 'acima-da-cota' : 'na-cota', cancelado: r.cancelado });
    out.set(r.pedido_loja_id, uses);
  }
  return out;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
