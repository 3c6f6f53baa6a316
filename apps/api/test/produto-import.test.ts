import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { importPurchases, parseCsv, readPurchasesCsv } from '../src/features/produto/purchases-import.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { maskCpf } from './support/cpf.js';
import { createUser, uniqueEmail } from './support/factories.js';
import { createEntry, createProduct } from './produto-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const request = () => `P${randomUUID().slice(0, 8)}`;

describe('CSV reading', () => {
  it("reads ';' or ',' files with quotes, a BOM and CRLF", () => {
    expect(parseCsv('a;"b;c";"d ""e"""\r\n1;2;3\r\n', ';')).toEqual([
      ['a', 'b;c', 'd "e"'],
      ['1', '2', '3'],
    ]);
    const { linhas: lines, invalidOnes } = readPurchasesCsv('\uFEFFPedido,E-mail,CPF,SKU,Qtd,Data\r\n10,Ana@Exemplo.com,,hid-1,2,14/03/2025\r\n');
    expect(invalidOnes).toEqual([]);
    expect(lines).toEqual([{ linha: 2, pedido: '10', email: 'ana@exemplo.com', cpf: undefined, produto: 'hid-1', quantidade: 2, dataCompra: '2025-03-14' }]);
  });

  it('reports a header without the needed columns', () => {
    expect(readPurchasesCsv('pedido;produto;quantidade\n1;2;3\n').invalidOnes[0]).toMatchObject({ linha: 1, status: 'invalida', motivo: expect.stringContaining('dataCompra, email ou cpf') });
  });
});

describe('importCompras', () => {
  it('registers verified entries by e-mail or CPF, oldest first, and is idempotent on re-run', async () => {
    const p = await createProduct(t.prisma);
    const ana = await createUser(t.prisma);
    const bia = await createUser(t.prisma);
    const manual = await createEntry(t.prisma, ana.usuario.id, p.id); // a member's own entry stays as it is
    const [p1, p2, p3] = [request(), request(), request()];
    const csv = [
      'pedido;email;cpf;produto;quantidade;dataCompra',
      `${p1};${ana.email.toUpperCase()};;${p.sku};2;2025-06-01`,
      `${p2};;${maskCpf(bia.usuario.cpf!)};${p.id};1;01/02/2025`,
      `${p3};${uniqueEmail('sem-conta')};;${p.sku};1;2025-07-01`,
      `${request()};${ana.email};;${p.sku};1;2025-02-30`,
      `${request()};${ana.email};;NAO-EXISTE;1;2025-02-01`,
      `${p1};${ana.email};;${p.sku};5;2025-06-01`,
      `${request()};${ana.email};${bia.usuario.cpf};${p.sku};1;2025-06-01`,
      `${request()};;;${p.sku};1;2025-06-01`,
      `${request()};${ana.email};;${p.sku};0;2025-06-01`,
    ].join('\n');

    const first = await importPurchases(t.prisma, csv);
    expect(first.map((r) => [r.linha, r.status])).toEqual([
      [2, 'criada'],
      [3, 'criada'],
      [4, 'pendente'],
      [5, 'invalida'],
      [6, 'invalida'],
      [7, 'invalida'],
      [8, 'invalida'],
      [9, 'invalida'],
      [10, 'invalida'],
    ]);
    // Bia bought earlier (February): she gets number 1; Ana's two pieces get 2 and 3.
    expect(first[1]).toMatchObject({ status: 'criada', numeros: [1] });
    expect(first[0]).toMatchObject({ status: 'criada', numeros: [2, 3] });
    expect(first.find((r) => r.linha === 5)).toMatchObject({ motivo: expect.stringContaining('Data inválida') });
    expect(first.find((r) => r.linha === 7)).toMatchObject({ motivo: expect.stringContaining('já na linha 2') });
    expect(first.find((r) => r.linha === 8)).toMatchObject({ motivo: 'e-mail e CPF são de membros diferentes' });

    const anaEntries = await t.prisma.produtoCliente.findMany({ where: { usuarioId: ana.usuario.id }, orderBy: { criadoEm: 'asc' } });
    expect(anaEntries).toHaveLength(2);
    expect(anaEntries[0]).toEqual(manual);
    expect(anaEntries[1]).toMatchObject({ produtoValidado: true, quantidade: 2, localCompra: 'Site oficial', codigoPedido: p1, presente: false, quantidadePresente: 0 });
    expect(anaEntries[1]!.dataCompra.toISOString().slice(0, 10)).toBe('2025-06-01');

    const again = await importPurchases(t.prisma, csv);
    expect(again.filter((r) => r.status === 'criada')).toEqual([]);
    expect(again.filter((r) => r.status === 'existente').map((r) => r.linha)).toEqual([2, 3]);
    expect(await t.prisma.produtoCliente.count({ where: { produtoId: p.id } })).toBe(3);
    expect(await t.prisma.numeroLegionario.count({ where: { produtoId: p.id } })).toBe(3);

    // The pending member signs up later: the next run picks the line up.
    const withoutAccount = csv.split('\n')[3]!.split(';')[1]!;
    await createUser(t.prisma, { email: withoutAccount });
    const later = await importPurchases(t.prisma, csv);
    expect(later.find((r) => r.linha === 4)).toMatchObject({ status: 'criada', numeros: [4] });
  });

  it('two runs at once register each order once', async () => {
    const p = await createProduct(t.prisma);
    const members = await Promise.all(Array.from({ length: 6 }, () => createUser(t.prisma)));
    const csv = ['pedido,email,produto,quantidade,dataCompra', ...members.map((m) => `${request()},${m.email},${p.sku},1,2025-03-03`)].join('\n');
    const [a, b] = await Promise.all([importPurchases(t.prisma, csv), importPurchases(t.prisma, csv)]);
    const created = [...a, ...b].filter((r) => r.status === 'criada');
    expect(created).toHaveLength(6);
    expect([...a, ...b].filter((r) => r.status === 'existente')).toHaveLength(6);
    expect(await t.prisma.numeroLegionario.count({ where: { produtoId: p.id } })).toBe(6);
  });

  it('refuses an order already registered for another member', async () => {
    const p = await createProduct(t.prisma);
    const [a, b] = await Promise.all([createUser(t.prisma), createUser(t.prisma)]);
    const code = request();
    await importPurchases(t.prisma, `pedido;email;produto;quantidade;dataCompra\n${code};${a.email};${p.sku};1;2025-01-01`);
    const [r] = await importPurchases(t.prisma, `pedido;email;produto;quantidade;dataCompra\n${code};${b.email};${p.sku};1;2025-01-01`);
    expect(r).toMatchObject({ status: 'invalida', motivo: expect.stringContaining('outro membro') });
    expect(await t.prisma.produtoCliente.count({ where: { usuarioId: b.usuario.id } })).toBe(0);
  });

  it('changes nothing in a dry run', async () => {
    const p = await createProduct(t.prisma);
    const a = await createUser(t.prisma);
    const [r] = await importPurchases(t.prisma, `pedido;email;produto;quantidade;dataCompra\n${request()};${a.email};${p.sku};1;2025-01-01`, { dryRun: true });
    expect(r).toMatchObject({ status: 'criada' });
    expect(await t.prisma.produtoCliente.count({ where: { usuarioId: a.usuario.id } })).toBe(0);
  });
});

describe('pnpm --filter @legiao/api run import:compras <file.csv>', () => {
  it('imports the file, prints a summary and exits 1 when a line is invalid', async () => {
    const p = await createProduct(t.prisma);
    const a = await createUser(t.prisma);
    const dir = mkdtempSync(join(tmpdir(), 'legiao-import-'));
    const file = join(dir, 'compras.csv');
    writeFileSync(file, `pedido;email;produto;quantidade;dataCompra\n${request()};${a.email};${p.sku};1;2025-01-01\n${request()};${a.email};${p.sku};1;ontem\n`);
    const run = promisify(execFile);
    const env = { ...process.env, DATABASE_URL: inject('databaseUrl'), LOG_LEVEL: 'silent', NODE_ENV: 'test' };
    const err = await run(process.execPath, ['--import', 'tsx', 'src/features/produto/import-purchases.ts', file], { env }).then(
      () => null,
      (e: { code: number; stdout: string }) => e,
    );
    expect(err?.code).toBe(1);
    expect(err?.stdout).toContain('linha 2: criada');
    expect(err?.stdout).toContain('números 1/1913');
    expect(err?.stdout).toContain('linha 3: inválida, Data inválida');
    expect(err?.stdout).toContain('1 criada(s), 0 já registrada(s), 0 pendente(s), 1 inválida(s)');
    expect(await t.prisma.produtoCliente.count({ where: { usuarioId: a.usuario.id, produtoValidado: true } })).toBe(1);
  });
});
