import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { ORDERS_MSG, type Order, type OrderError, type OrderResult, type OrderStatus } from '@legiao/contracts/integracao/pedidos';
import { AppError } from '../../errors/app-error.js';
import { poolOf, type Db } from '../../db/prisma.js';
import { prepared } from '../../db/prepared.js';
import { classifyDatabaseFailure } from '../../db/unavailable.js';
import { reverseOrders } from '../compra/reversals.js';
import { applyPendingOrders, storeOrderRows } from '../compra/store-orders.js';
import { applyVerifiedPurchases, sqlOn } from '../compra/verified-purchases.js';
import { memberDecisions } from '../lancamentos/decision-cache.js';
import type { ApiClient } from './client-auth.js';
import { returnAllowances, storeInstant, useAllowances, usesOf, type LaunchOrder } from './pedidos.launches.js';
import { canonical, contentDigest, differences, parseOrder, type CanonicalOrder } from './pedidos.validation.js';

// The store's orders in (docs/decisions/0041-store-integration.md):
// 1. each order is checked alone (contract, catalogue, buyer): a bad one is 'recusado', the rest go on;
// 2. the valid ones are applied together, in ONE transaction, set-based: new orders are inserted
//    (pedido_loja, unique by the store's order id: a second call with the same order waits for the
//    first and then sees it), orders received before are compared (same content: 'recebido'; other
//    content: 'conflito'; paid -> cancelled: reversed), and the new paid orders of known buyers go
//    through the one purchases module (features/compra), earliest purchase first; the new paid
//    orders with a launch's SKUs in its early-access window use (or are flagged against) the buyer's
//    allowance, and cancelled ones give it back, in the same transaction (pedidos.launches.ts);
// 3. if that transaction fails, each order is applied again in a transaction of its own, so one
//    order can never hold up the others;
// 4. after the commit, the orders kept 'pendente' are looked at once more: a buyer whose account
//    became active while this call ran gets them now (the activation does the same the other way).

/** What a call answers: 200 with every order's outcome, or 409 when it held one order and that one conflicts. */
export interface OrdersAnswer {
  status: 200 | 409;
  body: { pedidos: OrderResult[]; errors?: { message: string; code: string }[] };
}

interface Item {
  produtoId: number;
  quantidade: number;
  quantidadePresente: number;
}

/** A valid order, ready to apply. */
interface Candidate {
  index: number;
  pedido: string;
  order: Order;
  content: CanonicalOrder;
  digest: string;
  userId: string | null;
  items: Item[];
  /** The store's instant of the purchase, when `data` has a time (pedidos.launches.ts); else the receipt. */
  instant: Date | null;
}

const refused = (index: number, orderId: string | null, errors: OrderError[]): OrderResult => ({ indice: index, pedido: orderId, situacao: 'recusado', erros: errors });

/** The valid orders of a call, checked against the catalogue, the members and the orders registered by others. */
async function candidates(pool: pg.Pool, raws: unknown[], results: OrderResult[]): Promise<Candidate[]> {
  const parsed = raws.map((raw, i) => parseOrder(raw, i));
  const seen = new Set<string>();
  const valid: { index: number; order: Order }[] = [];
  for (const p of parsed) {
    if (!p.order) {
      results[p.index] = refused(p.index, p.pedido, p.errors);
      continue;
    }
    results[p.index] = { indice: p.index, pedido: p.pedido, situacao: 'recusado', erros: [] };
    // One order id once per call: a change of state (paid, then cancelled) goes in the next call.
    if (seen.has(p.pedido)) results[p.index] = refused(p.index, p.pedido, [{ campo: 'pedido', mensagem: ORDERS_MSG.pedidoRepetido }]);
    else valid.push({ index: p.index, order: p.order });
    seen.add(p.pedido);
  }
  if (!valid.length) return [];

  const emails = [...new Set(valid.map((v) => v.order.email).filter((e): e is string => Boolean(e)))];
  const cpfs = [...new Set(valid.map((v) => v.order.cpf).filter((c): c is string => Boolean(c)))];
  const ids = valid.map((v) => v.order.pedido);
  // The four lookups in one statement: one round trip on one connection. Each is a small JSON list;
  // on this kind of machine a round trip costs the API more CPU than the lookups' rows (ADR 0047, "What
  // one order call costs").
  const { rows: [found] } = await pool.query<{ catalogo: [number, string][]; membros: [string, string, string | null][]; recebidos: string[]; outros: [string, string][] }>(
    prepared(
      `SELECT
         -- A few hundred products: the whole catalogue, as the CSV import reads it.
         (SELECT coalesce(json_agg(json_build_array(id, upper(sku))), '[]') FROM produto) AS catalogo,
         -- One index probe per e-mail and per CPF (LATERAL ... LIMIT 1): as one OR over both lists the
         -- planner read every member (30 ms a batch at 50,000 members).
         (SELECT coalesce(json_agg(json_build_array(m.id::text, m.email, m.cpf)), '[]') FROM (
            SELECT u.id, u.email, u.cpf FROM unnest($1::text[]) k
              CROSS JOIN LATERAL (SELECT id, email, cpf FROM usuario WHERE email = k AND ativo AND excluido_em IS NULL LIMIT 1) u
            UNION ALL
            SELECT u.id, u.email, u.cpf FROM unnest($2::text[]) k
              CROSS JOIN LATERAL (SELECT id, email, cpf FROM usuario WHERE cpf = k AND ativo AND excluido_em IS NULL LIMIT 1) u) m) AS membros,
         (SELECT coalesce(json_agg(pedido), '[]') FROM pedido_loja WHERE pedido = ANY($3::text[])) AS recebidos,
         -- The same order id registered for a member by the CSV import or by staff.
         (SELECT coalesce(json_agg(json_build_array(t.pedido, t.usuario_id)), '[]') FROM (
            SELECT DISTINCT codigo_pedido AS pedido, usuario_id::text AS usuario_id FROM produto_cliente
             WHERE codigo_pedido = ANY($3::text[]) AND pedido_loja_id IS NULL) t) AS outros`,
      [emails, cpfs, ids],
    ),
  );
  const products = new Map(found!.catalogo.map(([id, sku]) => [sku, id]));
  const byEmail = new Map(found!.membros.map(([id, email]) => [email, id]));
  const byCpf = new Map(found!.membros.flatMap(([id, , cpf]) => (cpf ? [[cpf, id] as const] : [])));
  const received = new Set(found!.recebidos);
  const holders = new Map<string, Set<string>>();
  for (const [orderId, userId] of found!.outros) holders.set(orderId, (holders.get(orderId) ?? new Set()).add(userId));

  const out: Candidate[] = [];
  for (const { index, order } of valid) {
    const errors: OrderError[] = [];
    const items: Item[] = [];
    order.itens.forEach((item, i) => {
      const productId = products.get(item.sku.toUpperCase());
      if (productId === undefined) errors.push({ campo: `itens[${i}].sku`, mensagem: ORDERS_MSG.skuDesconhecido(item.sku) });
      else items.push({ produtoId: productId, quantidade: item.quantidade, quantidadePresente: item.quantidadePresente });
    });
    const e = order.email ? byEmail.get(order.email) : undefined;
    const c = order.cpf ? byCpf.get(order.cpf) : undefined;
    if (e && c && e !== c) errors.push({ campo: 'cpf', mensagem: ORDERS_MSG.membrosDiferentes });
    const userId = e ?? c ?? null;
    const others = holders.get(order.pedido);
    if (!received.has(order.pedido) && others && [...others].some((u) => u !== userId)) errors.push({ campo: 'pedido', mensagem: ORDERS_MSG.outroMembro });
    if (errors.length) {
      results[index] = refused(index, order.pedido, errors);
      continue;
    }
    const content = canonical(order);
    out.push({ index, pedido: order.pedido, order, content, digest: contentDigest(content), userId, items, instant: storeInstant(raws[index], new Date()) });
  }
  return out;
}

interface Applied {
  results: Map<number, OrderResult>;
  /** Orders kept pending by this call (pedido_loja.id -> index in the call). */
  pending: Map<string, number>;
  /** Members whose purchases or allowances this transaction changed (their cached launch decisions are forgotten after the commit). */
  members: Set<string>;
}

/** The candidates, in the open transaction of `client`: see the file's comment, step 2. */
async function applyInTransaction(client: pg.ClientBase, clientId: string, cands: Candidate[], foundersUntil: Date): Promise<Applied> {
  const sql = sqlOn(client, { prepared: true });
  // The moment of the orders that carry no time of their own (launch windows, pedidos.launches.ts).
  const receivedAt = new Date();
  const results = new Map<number, OrderResult>();
  const pending = new Map<string, number>();
  const members = new Set(cands.flatMap((c) => (c.userId ? [c.userId] : [])));
  const outcome = (c: Candidate, situation: OrderResult['situacao'], errors: OrderError[] = []) => results.set(c.index, { indice: c.index, pedido: c.pedido, situacao: situation, erros: errors });
  // In order id order: two calls with overlapping orders take the unique keys in the same order.
  const sorted = [...cands].sort((a, b) => (a.pedido < b.pedido ? -1 : a.pedido > b.pedido ? 1 : 0));
  const situationIfNew = (c: Candidate) => (c.order.estado === 'cancelado' ? 'cancelado' : c.userId ? 'aplicado' : 'pendente');
  const orders = sorted.map((c, i) => ({
    pedido: c.pedido,
    canal: c.content.canal,
    email: c.content.email,
    cpf: c.content.cpf,
    data_compra: c.content.data,
    estado: c.order.estado,
    situacao: situationIfNew(c),
    conteudo: c.digest,
    corpo: { pedido: c.pedido, ...c.content, estado: c.order.estado },
    usuario_id: c.userId,
    ordem: i,
  }));
  const items = sorted.flatMap((c) => c.items.map((i) => ({ pedido: c.pedido, produto_id: i.produtoId, quantidade: i.quantidade, quantidade_presente: i.quantidadePresente })));
  const { rows: inserted } = await client.query<{ id: string; pedido: string; situacao: string }>(
    prepared(
      `WITH novos AS (
       INSERT INTO pedido_loja (id, pedido, cliente_id, canal, email, cpf, data_compra, estado, situacao, conteudo, corpo, usuario_id, aplicado_em, cancelado_em)
       SELECT gen_random_uuid(), r.pedido, $2::uuid, r.canal, r.email, r.cpf, r.data_compra, r.estado::estado_pedido_loja, r.situacao::situacao_pedido_loja,
              r.conteudo, r.corpo, r.usuario_id,
              CASE WHEN r.situacao = 'aplicado' THEN now() AT TIME ZONE 'UTC' END, CASE WHEN r.situacao = 'cancelado' THEN now() AT TIME ZONE 'UTC' END
         FROM jsonb_to_recordset($1::jsonb) AS r(pedido text, canal text, email text, cpf text, data_compra date, estado text, situacao text, conteudo text,
                                                corpo jsonb, usuario_id uuid, ordem int)
        ORDER BY r.ordem
       ON CONFLICT (pedido) DO NOTHING
       RETURNING id, pedido, situacao),
          itens AS (
       INSERT INTO pedido_loja_item (pedido_loja_id, produto_id, quantidade, quantidade_presente)
       SELECT n.id, i.produto_id, i.quantidade, i.quantidade_presente
         FROM novos n JOIN jsonb_to_recordset($3::jsonb) AS i(pedido text, produto_id int, quantidade int, quantidade_presente int) ON i.pedido = n.pedido
       RETURNING 1)
     SELECT n.id::text, n.pedido, n.situacao::text, (SELECT count(*) FROM itens)::int AS itens FROM novos n`,
      [JSON.stringify(orders), clientId, JSON.stringify(items)],
    ),
  );
  const byId = new Map(cands.map((c) => [c.pedido, c]));
  const toApply: string[] = [];
  const toReverse: string[] = [];
  const launchOrders: LaunchOrder[] = [];
  for (const row of inserted) {
    const c = byId.get(row.pedido)!;
    byId.delete(row.pedido);
    outcome(c, row.situacao as OrderResult['situacao']);
    if (row.situacao === 'aplicado' || row.situacao === 'pendente') {
      launchOrders.push({ index: c.index, orderRowId: row.id, userId: row.situacao === 'aplicado' ? c.userId : null, moment: c.instant ?? receivedAt, items: c.order.itens });
    }
    if (row.situacao === 'aplicado') toApply.push(row.id);
    else if (row.situacao === 'pendente') pending.set(row.id, c.index);
    // A new order that comes already cancelled: nothing to apply, but the same order id may have
    // been registered by the CSV import for this buyer: that is reversed.
    else toReverse.push(c.pedido);
  }

  // Orders received before (by an earlier call, or by a call running at the same time that
  // committed while this one waited on its unique key): compared under their row lock.
  if (byId.size) {
    const { rows: existing } = await client.query<{ id: string; pedido: string; conteudo: string; estado: string; corpo: CanonicalOrder }>(
      prepared(`SELECT id::text, pedido, conteudo, estado::text, corpo FROM pedido_loja WHERE pedido = ANY($1::text[]) ORDER BY pedido FOR UPDATE`, [[...byId.keys()]]),
    );
    const cancel: string[] = [];
    const retried = new Map<string, Candidate>();
    for (const row of existing) {
      const c = byId.get(row.pedido)!;
      if (row.conteudo !== c.digest) outcome(c, 'conflito', differences(row.corpo, c.content));
      else if (row.estado === c.order.estado) {
        outcome(c, 'recebido');
        if (row.estado === 'pago') retried.set(row.id, c);
      }
      else if (row.estado === 'cancelado') outcome(c, 'conflito', [{ campo: 'estado', mensagem: ORDERS_MSG.jaCancelado }]);
      else {
        cancel.push(row.id);
        toReverse.push(c.pedido);
        outcome(c, 'cancelado');
      }
    }
    if (cancel.length) {
      await client.query(
        `UPDATE pedido_loja SET estado = 'cancelado', situacao = 'cancelado', cancelado_em = now() AT TIME ZONE 'UTC' WHERE id = ANY($1::uuid[])`,
        [cancel],
      );
      for (const id of await returnAllowances(client, cancel)) members.add(id);
    }
    // A retry answers what the first time did to the allowances.
    for (const [id, uses] of await usesOf(client, [...retried.keys()])) {
      const c = retried.get(id)!;
      results.set(c.index, { ...results.get(c.index)!, lancamentos: uses.map(({ cancelado: _, ...use }) => use) });
    }
  }
  // Before the purchases are applied: the rule is decided as the buyer stood at the order's moment.
  for (const [index, uses] of await useAllowances(client, launchOrders, foundersUntil)) results.set(index, { ...results.get(index)!, lancamentos: uses });
  if (toApply.length) await applyVerifiedPurchases(sql, storeOrderRows(toApply), 'integracao');
  if (toReverse.length) await reverseOrders(sql, toReverse);
  return { results, pending, members };
}

async function inTransaction<T>(client: pg.ClientBase, fn: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const r = await fn();
    await client.query('COMMIT');
    return r;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
}

/** After the commit: pending orders whose buyer's account is active by now are applied (step 4). */
async function recheckPending(client: pg.ClientBase, pending: Map<string, number>, results: OrderResult[]) {
  if (!pending.size) return;
  const { rows: buyers } = await client.query<{ id: string; email: string; cpf: string | null }>(
    `SELECT DISTINCT u.id::text, u.email, u.cpf FROM pedido_loja o
       JOIN usuario u ON u.ativo AND u.excluido_em IS NULL AND (u.email = o.email OR u.cpf = o.cpf)
      WHERE o.id = ANY($1::uuid[]) AND o.situacao = 'pendente'`,
    [[...pending.keys()]],
  );
  for (const buyer of buyers) {
    const { pedidos } = await inTransaction(client, () => applyPendingOrders(sqlOn(client, { prepared: true }), buyer));
    memberDecisions.forget([buyer.id]);
    for (const id of pedidos) {
      const index = pending.get(id);
      if (index !== undefined) results[index] = { ...results[index]!, situacao: 'aplicado' };
    }
  }
}

/**
 * POST /integracao/v1/pedidos, on a connection the caller holds (see pedidos.idempotency.ts): every
 * order's outcome, in the call's order.
 */
export async function receiveOrders(client: pg.PoolClient, pool: pg.Pool, apiClient: ApiClient, raws: unknown[], log: FastifyBaseLogger, opts: { foundersUntil: Date }): Promise<OrdersAnswer> {
  const results: OrderResult[] = new Array(raws.length);
  const cands = await candidates(pool, raws, results);
  const pending = new Map<string, number>();
  // Called after each commit: the members' launch decisions this process keeps are forgotten then
  // (decision-cache.ts), so their next GET /api/lancamentos here shows the allowance as it is now.
  const take = (applied: Applied) => {
    for (const [index, r] of applied.results) results[index] = r;
    for (const [id, index] of applied.pending) pending.set(id, index);
    memberDecisions.forget(applied.members);
  };
  if (cands.length) {
    try {
      take(await inTransaction(client, () => applyInTransaction(client, apiClient.id, cands, opts.foundersUntil)));
    } catch (err) {
      if (classifyDatabaseFailure(err)) throw err;
      log.warn({ err, pedidos: cands.length }, 'integração: o lote falhou; cada pedido em sua própria transação');
      for (const c of cands) {
        try {
          take(await inTransaction(client, () => applyInTransaction(client, apiClient.id, [c], opts.foundersUntil)));
        } catch (one) {
          if (classifyDatabaseFailure(one)) throw one;
          log.error({ err: one, pedido: c.pedido }, 'integração: pedido não registrado');
          results[c.index] = refused(c.index, c.pedido, [{ campo: 'pedido', mensagem: ORDERS_MSG.falhou }]);
        }
      }
    }
  }
  try {
    await recheckPending(client, pending, results);
  } catch (err) {
    // The orders are kept and answered 'pendente': the buyer's next activation path applies them.
    if (classifyDatabaseFailure(err)) throw err;
    log.error({ err }, 'integração: pedidos pendentes não conferidos de novo após o lote');
  }
  if (raws.length === 1 && results[0]?.situacao === 'conflito') {
    const detail = results[0].erros.map((e) => e.mensagem).join(' ');
    return { status: 409, body: { errors: [{ message: `${ORDERS_MSG.conflitoUnico} ${detail}`.trim(), code: 'PEDIDO_CONFLITO' }], pedidos: results } };
  }
  return { status: 200, body: { pedidos: results } };
}

/** GET /integracao/v1/pedidos/{pedido}: where one order stands (never the buyer's e-mail or CPF). */
export async function orderStatus(prisma: Db, orderId: string): Promise<OrderStatus> {
  const pool = poolOf(prisma);
  const { rows } = await pool.query(
    `SELECT id::text, pedido, situacao::text AS situacao, estado::text AS estado, canal, data_compra::text AS data, recebido_em, aplicado_em, cancelado_em, corpo
       FROM pedido_loja WHERE pedido = $1`,
    [orderId],
  );
  const r = rows[0];
  if (!r) throw new AppError('NOT_FOUND', ORDERS_MSG.naoEncontrado, 'PEDIDO_NAO_ENCONTRADO');
  const uses = (await usesOf(pool, [r.id])).get(r.id) ?? [];
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    pedido: r.pedido,
    situacao: r.situacao,
    estado: r.estado,
    canal: r.canal,
    data: r.data,
    recebidoEm: r.recebido_em.toISOString(),
    aplicadoEm: iso(r.aplicado_em),
    canceladoEm: iso(r.cancelado_em),
    itens: (r.corpo as CanonicalOrder).itens,
    lancamentos: uses,
  };
}
