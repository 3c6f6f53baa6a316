import { randomUUID } from 'node:crypto';
import { cpfSchema, emailSchema, OFFICIAL_SITE_PLACE, parsePurchaseDate } from '@legiao/contracts';
import type { Db } from '../../db/prisma.js';
import { Prisma } from '../../db/prisma.js';
import { applyVerifiedPurchases, purchaseRows, sqlInTx, type PurchaseOrigin } from '../compra/verified-purchases.js';

// The brand's way to register verified purchases: a CSV of orders (one line per order and
// product) becomes verified entries with legion numbers. Idempotent: the key is (pedido, produto),
// a unique index in produto_cliente, so a re-run (or two runs at once) never duplicates.
// Usage and format: docs/decisions/0006-legion-numbers.md; CLI: import-compras.ts.

export interface VerifiedPurchase {
  usuarioId: string;
  produtoId: number;
  quantidade: number;
  /** 'YYYY-MM-DD' */
  dataCompra: string;
  codigoPedido: string;
  localCompra?: string;
  quantidadePresente?: number;
}

/** The order and product were registered already (by another run, the store, staff). */
export class AlreadyRegistered extends Error {
  constructor(readonly orderCode: string) {
    super(`pedido ${orderCode} já registrado para este produto`);
  }
}

/**
 * A verified entry and its legion numbers, in the caller's transaction, through the one purchases
 * module (features/compra/verified-purchases.ts): with them, the entry's Compra credit and the
 * confirmation of a referral that was waiting for this purchase (docs/decisions/0009-economy.md).
 * Throws AlreadyRegistered when the order and product exist.
 */
export async function createVerifiedEntry(tx: Prisma.TransactionClient, c: VerifiedPurchase, origin: PurchaseOrigin = 'importacao') {
  const id = randomUUID();
  const row = { id, usuarioId: c.usuarioId, produtoId: c.produtoId, quantidade: c.quantidade, quantidadePresente: c.quantidadePresente ?? 0, data: c.dataCompra, pedido: c.codigoPedido, localCompra: c.localCompra ?? OFFICIAL_SITE_PLACE };
  const sql = sqlInTx(tx);
  const effects = await applyVerifiedPurchases(sql, purchaseRows([row]), origin);
  if (effects.entradas === 0) throw new AlreadyRegistered(c.codigoPedido);
  const numbers = await sql.rows<{ numero: number }>(`SELECT numero FROM numero_legionario WHERE produto_cliente_id = $1::uuid ORDER BY numero`, [id]);
  return { id, numeros: numbers.map((n) => n.numero) };
}

// --- CSV -------------------------------------------------------------------------------------

/** RFC 4180 fields: quotes, doubled quotes, separators and line breaks inside quotes. */
export function parseCsv(text: string, sep: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === sep) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

const COLUMNS = {
  pedido: ['pedido', 'codigopedido', 'numero_pedido', 'order'],
  email: ['email', 'e-mail'],
  cpf: ['cpf'],
  produto: ['produto', 'sku', 'idproduto', 'id_produto'],
  quantidade: ['quantidade', 'qtd', 'qtde'],
  dataCompra: ['datacompra', 'data', 'data_compra'],
} as const;
type Column = keyof typeof COLUMNS;

export interface PurchaseLine {
  linha: number;
  pedido: string;
  email?: string;
  cpf?: string;
  produto: string;
  quantidade: number;
  dataCompra: string;
}

export type LineResult =
  | { linha: number; status: 'criada'; pedido: string; produto: string; numeros: number[] }
  | { linha: number; status: 'existente'; pedido: string; produto: string }
  | { linha: number; status: 'pendente'; pedido: string; produto: string; motivo: string }
  | { linha: number; status: 'invalida'; motivo: string };

/** Reads the file's lines; header names are case-insensitive, separator ';' or ','. */
export function readPurchasesCsv(text: string): { linhas: PurchaseLine[]; invalidOnes: LineResult[] } {
  const clean = text.replace(/^\uFEFF/, '');
  const firstLine = clean.split(/\r?\n/, 1)[0] ?? '';
  const sep = firstLine.includes(';') ? ';' : ',';
  const [header, ...rows] = parseCsv(clean, sep);
  if (!header) return { linhas: [], invalidOnes: [{ linha: 1, status: 'invalida', motivo: 'arquivo vazio' }] };
  const names = header.map((h) => h.trim().toLowerCase());
  const idx = {} as Record<Column, number>;
  for (const [col, aliases] of Object.entries(COLUMNS) as [Column, readonly string[]][]) idx[col] = names.findIndex((n) => aliases.includes(n));
  const missing = (['pedido', 'produto', 'quantidade', 'dataCompra'] as const).filter((c) => idx[c] === -1);
  if (missing.length || (idx.email === -1 && idx.cpf === -1)) {
    const reason = `cabeçalho sem ${[...missing, ...(idx.email === -1 && idx.cpf === -1 ? ['email ou cpf'] : [])].join(', ')} (esperado: pedido;email;cpf;produto;quantidade;dataCompra)`;
    return { linhas: [], invalidOnes: [{ linha: 1, status: 'invalida', motivo: reason }] };
  }

  const lines: PurchaseLine[] = [];
  const invalidOnes: LineResult[] = [];
  const seen = new Map<string, number>();
  rows.forEach((r, i) => {
    const line = i + 2;
    const get = (c: Column) => (idx[c] === -1 ? '' : (r[idx[c]] ?? '').trim());
    const invalid = (reason: string) => invalidOnes.push({ linha: line, status: 'invalida', motivo: reason });
    const request = get('pedido');
    const product = get('produto');
    if (!request || request.length > 80) return invalid('pedido ausente ou longo demais');
    if (!product) return invalid('produto ausente');
    const quantity = Number(get('quantidade'));
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 99) return invalid(`quantidade inválida: "${get('quantidade')}"`);
    const purchaseDate = parsePurchaseDate(get('dataCompra'));
    if (!purchaseDate) return invalid(`Data inválida: "${get('dataCompra')}"`);
    const emailRaw = get('email');
    const cpfRaw = get('cpf');
    const email = emailRaw ? emailSchema.safeParse(emailRaw) : undefined;
    const cpf = cpfRaw ? cpfSchema.safeParse(cpfRaw) : undefined;
    if (email && !email.success) return invalid(`e-mail inválido: "${emailRaw}"`);
    if (cpf && !cpf.success) return invalid(`CPF inválido: "${cpfRaw}"`);
    if (!email && !cpf) return invalid('sem e-mail nem CPF');
    const key = `${request}\u0000${product.toUpperCase()}`;
    const previous = seen.get(key);
    if (previous) return invalid(`pedido ${request} e produto ${product} repetidos (já na linha ${previous})`);
    seen.set(key, line);
    lines.push({ linha: line, pedido: request, produto: product, quantidade: quantity, dataCompra: purchaseDate, email: email?.data, cpf: cpf?.data });
  });
  return { linhas: lines, invalidOnes };
}

// --- import ----------------------------------------------------------------------------------

export interface ImportOptions {
  dryRun?: boolean;
}

/**
 * Registers each valid line as a verified entry, oldest purchase first (earlier buyers get lower
 * legion numbers). A line whose member isn't registered yet is 'pendente': a later run imports it.
 * Each line has its own transaction, so one bad line never undoes the others.
 */
export async function importPurchases(prisma: Db, text: string, opts: ImportOptions = {}): Promise<LineResult[]> {
  const { linhas: lines, invalidOnes } = readPurchasesCsv(text);
  const results: LineResult[] = [...invalidOnes];
  const sorted = [...lines].sort((a, b) => a.dataCompra.localeCompare(b.dataCompra) || a.linha - b.linha);

  for (const l of sorted) {
    const base = { linha: l.linha, pedido: l.pedido, produto: l.produto };
    const product = await prisma.produto.findFirst({ where: /^\d+$/.test(l.produto) ? { id: Number(l.produto) } : { sku: { in: [l.produto, l.produto.toUpperCase()] } }, select: { id: true } });
    if (!product) {
      results.push({ linha: l.linha, status: 'invalida', motivo: `produto desconhecido: "${l.produto}"` });
      continue;
    }
    const [byEmail, byCpf] = await Promise.all([
      l.email ? prisma.usuario.findUnique({ where: { email: l.email }, select: { id: true } }) : null,
      l.cpf ? prisma.usuario.findUnique({ where: { cpf: l.cpf }, select: { id: true } }) : null,
    ]);
    if (byEmail && byCpf && byEmail.id !== byCpf.id) {
      results.push({ linha: l.linha, status: 'invalida', motivo: 'e-mail e CPF são de membros diferentes' });
      continue;
    }
    const user = byEmail ?? byCpf;
    if (!user) {
      results.push({ ...base, status: 'pendente', motivo: 'membro não cadastrado' });
      continue;
    }
    if (await prisma.pedidoLoja.count({ where: { pedido: l.pedido, estado: 'cancelado' } })) {
      results.push({ linha: l.linha, status: 'invalida', motivo: `pedido ${l.pedido} cancelado pela loja (integração)` });
      continue;
    }
    const existing = await prisma.produtoCliente.findUnique({ where: { codigoPedido_produtoId: { codigoPedido: l.pedido, produtoId: product.id } }, select: { usuarioId: true } });
    if (existing) {
      results.push(existing.usuarioId === user.id ? { ...base, status: 'existente' } : { linha: l.linha, status: 'invalida', motivo: `pedido ${l.pedido} já registrado para outro membro` });
      continue;
    }
    if (opts.dryRun) {
      results.push({ ...base, status: 'criada', numeros: [] });
      continue;
    }
    try {
      const { numeros: numbers } = await prisma.$transaction((tx) =>
        createVerifiedEntry(tx, { usuarioId: user.id, produtoId: product.id, quantidade: l.quantidade, dataCompra: l.dataCompra, codigoPedido: l.pedido }),
      );
      results.push({ ...base, status: 'criada', numeros: numbers });
    } catch (err) {
      // Another run registered the same order and product in between: already there.
      if (err instanceof AlreadyRegistered || (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002')) results.push({ ...base, status: 'existente' });
      else throw err;
    }
  }
  return results.sort((a, b) => a.linha - b.linha);
}
