import { cpfSchema, emailSchema, LOCAL_SITE_OFICIAL, parseDataCompra } from '@legiao/contracts';
import type { Db } from '../../db/prisma.js';
import { Prisma } from '../../db/prisma.js';
import { assignLegionNumbers } from './legion-numbers.js';
import { creditarCompraVerificada } from '../indicacao/indicacao.service.js';

// The brand's way to register verified purchases: a CSV of orders (one line per order and
// product) becomes verified entries with legion numbers. Idempotent: the key is (pedido, produto),
// a unique index in produto_cliente, so a re-run (or two runs at once) never duplicates.
// Usage and format: docs/decisions/0006-legion-numbers.md; CLI: import-compras.ts.

export interface CompraVerificada {
  usuarioId: string;
  produtoId: number;
  quantidade: number;
  /** 'YYYY-MM-DD' */
  dataCompra: string;
  codigoPedido: string;
  localCompra?: string;
  quantidadePresente?: number;
}

/**
 * A verified entry and its legion numbers, in the caller's transaction; with them, the entry's
 * Compra credit and the confirmation of a referral that was waiting for this purchase
 * (docs/decisions/0009-economy.md).
 */
export async function createVerifiedEntry(tx: Prisma.TransactionClient, c: CompraVerificada) {
  const entrada = await tx.produtoCliente.create({
    data: {
      usuarioId: c.usuarioId,
      produtoId: c.produtoId,
      quantidade: c.quantidade,
      dataCompra: new Date(`${c.dataCompra}T00:00:00.000Z`),
      localCompra: c.localCompra ?? LOCAL_SITE_OFICIAL,
      produtoValidado: true,
      quantidadePresente: c.quantidadePresente ?? 0,
      codigoPedido: c.codigoPedido,
    },
    select: { id: true },
  });
  // Before the legion numbers: their product-row lock is held until commit, so keep it short.
  await creditarCompraVerificada(tx, c.usuarioId, entrada.id);
  const numeros = await assignLegionNumbers(tx, c.produtoId, entrada.id, c.quantidade);
  return { id: entrada.id, numeros };
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

const COLUNAS = {
  pedido: ['pedido', 'codigopedido', 'numero_pedido', 'order'],
  email: ['email', 'e-mail'],
  cpf: ['cpf'],
  produto: ['produto', 'sku', 'idproduto', 'id_produto'],
  quantidade: ['quantidade', 'qtd', 'qtde'],
  dataCompra: ['datacompra', 'data', 'data_compra'],
} as const;
type Coluna = keyof typeof COLUNAS;

export interface LinhaCompra {
  linha: number;
  pedido: string;
  email?: string;
  cpf?: string;
  produto: string;
  quantidade: number;
  dataCompra: string;
}

export type ResultadoLinha =
  | { linha: number; status: 'criada'; pedido: string; produto: string; numeros: number[] }
  | { linha: number; status: 'existente'; pedido: string; produto: string }
  | { linha: number; status: 'pendente'; pedido: string; produto: string; motivo: string }
  | { linha: number; status: 'invalida'; motivo: string };

/** Reads the file's lines; header names are case-insensitive, separator ';' or ','. */
export function readComprasCsv(text: string): { linhas: LinhaCompra[]; invalidas: ResultadoLinha[] } {
  const clean = text.replace(/^\uFEFF/, '');
  const firstLine = clean.split(/\r?\n/, 1)[0] ?? '';
  const sep = firstLine.includes(';') ? ';' : ',';
  const [header, ...rows] = parseCsv(clean, sep);
  if (!header) return { linhas: [], invalidas: [{ linha: 1, status: 'invalida', motivo: 'arquivo vazio' }] };
  const nomes = header.map((h) => h.trim().toLowerCase());
  const idx = {} as Record<Coluna, number>;
  for (const [col, aliases] of Object.entries(COLUNAS) as [Coluna, readonly string[]][]) idx[col] = nomes.findIndex((n) => aliases.includes(n));
  const faltando = (['pedido', 'produto', 'quantidade', 'dataCompra'] as const).filter((c) => idx[c] === -1);
  if (faltando.length || (idx.email === -1 && idx.cpf === -1)) {
    const motivo = `cabeçalho sem ${[...faltando, ...(idx.email === -1 && idx.cpf === -1 ? ['email ou cpf'] : [])].join(', ')} (esperado: pedido;email;cpf;produto;quantidade;dataCompra)`;
    return { linhas: [], invalidas: [{ linha: 1, status: 'invalida', motivo }] };
  }

  const linhas: LinhaCompra[] = [];
  const invalidas: ResultadoLinha[] = [];
  const vistas = new Map<string, number>();
  rows.forEach((r, i) => {
    const linha = i + 2;
    const get = (c: Coluna) => (idx[c] === -1 ? '' : (r[idx[c]] ?? '').trim());
    const invalida = (motivo: string) => invalidas.push({ linha, status: 'invalida', motivo });
    const pedido = get('pedido');
    const produto = get('produto');
    if (!pedido || pedido.length > 80) return invalida('pedido ausente ou longo demais');
    if (!produto) return invalida('produto ausente');
    const quantidade = Number(get('quantidade'));
    if (!Number.isInteger(quantidade) || quantidade < 1 || quantidade > 99) return invalida(`quantidade inválida: "${get('quantidade')}"`);
    const dataCompra = parseDataCompra(get('dataCompra'));
    if (!dataCompra) return invalida(`Data inválida: "${get('dataCompra')}"`);
    const emailRaw = get('email');
    const cpfRaw = get('cpf');
    const email = emailRaw ? emailSchema.safeParse(emailRaw) : undefined;
    const cpf = cpfRaw ? cpfSchema.safeParse(cpfRaw) : undefined;
    if (email && !email.success) return invalida(`e-mail inválido: "${emailRaw}"`);
    if (cpf && !cpf.success) return invalida(`CPF inválido: "${cpfRaw}"`);
    if (!email && !cpf) return invalida('sem e-mail nem CPF');
    const chave = `${pedido}\u0000${produto.toUpperCase()}`;
    const anterior = vistas.get(chave);
    if (anterior) return invalida(`pedido ${pedido} e produto ${produto} repetidos (já na linha ${anterior})`);
    vistas.set(chave, linha);
    linhas.push({ linha, pedido, produto, quantidade, dataCompra, email: email?.data, cpf: cpf?.data });
  });
  return { linhas, invalidas };
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
export async function importCompras(prisma: Db, text: string, opts: ImportOptions = {}): Promise<ResultadoLinha[]> {
  const { linhas, invalidas } = readComprasCsv(text);
  const resultados: ResultadoLinha[] = [...invalidas];
  const ordenadas = [...linhas].sort((a, b) => a.dataCompra.localeCompare(b.dataCompra) || a.linha - b.linha);

  for (const l of ordenadas) {
    const base = { linha: l.linha, pedido: l.pedido, produto: l.produto };
    const produto = await prisma.produto.findFirst({ where: /^\d+$/.test(l.produto) ? { id: Number(l.produto) } : { sku: { in: [l.produto, l.produto.toUpperCase()] } }, select: { id: true } });
    if (!produto) {
      resultados.push({ linha: l.linha, status: 'invalida', motivo: `produto desconhecido: "${l.produto}"` });
      continue;
    }
    const [porEmail, porCpf] = await Promise.all([
      l.email ? prisma.usuario.findUnique({ where: { email: l.email }, select: { id: true } }) : null,
      l.cpf ? prisma.usuario.findUnique({ where: { cpf: l.cpf }, select: { id: true } }) : null,
    ]);
    if (porEmail && porCpf && porEmail.id !== porCpf.id) {
      resultados.push({ linha: l.linha, status: 'invalida', motivo: 'e-mail e CPF são de membros diferentes' });
      continue;
    }
    const usuario = porEmail ?? porCpf;
    if (!usuario) {
      resultados.push({ ...base, status: 'pendente', motivo: 'membro não cadastrado' });
      continue;
    }
    const existente = await prisma.produtoCliente.findUnique({ where: { codigoPedido_produtoId: { codigoPedido: l.pedido, produtoId: produto.id } }, select: { usuarioId: true } });
    if (existente) {
      resultados.push(existente.usuarioId === usuario.id ? { ...base, status: 'existente' } : { linha: l.linha, status: 'invalida', motivo: `pedido ${l.pedido} já registrado para outro membro` });
      continue;
    }
    if (opts.dryRun) {
      resultados.push({ ...base, status: 'criada', numeros: [] });
      continue;
    }
    try {
      const { numeros } = await prisma.$transaction((tx) =>
        createVerifiedEntry(tx, { usuarioId: usuario.id, produtoId: produto.id, quantidade: l.quantidade, dataCompra: l.dataCompra, codigoPedido: l.pedido }),
      );
      resultados.push({ ...base, status: 'criada', numeros });
    } catch (err) {
      // Another run registered the same order and product in between: already there.
      if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') resultados.push({ ...base, status: 'existente' });
      else throw err;
    }
  }
  return resultados.sort((a, b) => a.linha - b.linha);
}
