// Shared by bench/resgate.mjs and bench/resgate-kill.mjs: their own database, members with a
// balance, a benefit with a pool of codes, and the economy's invariants checked in SQL.
// docs/decisions/0009-economy.md
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bcrypt from 'bcrypt';
import pg from 'pg';
import { PG_BASE, root, waitFor } from './lib.mjs';

export const PASSWORD = 'Legiao@2025';

export async function ensureDb(name) {
  const admin = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
  await admin.connect();
  if (!(await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return `${PG_BASE}/${name}`;
}

/** Drops (closing its connections) and creates the database: every run starts from the same state. */
export async function freshDb(name) {
  const admin = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return `${PG_BASE}/${name}`;
}

/**
 * Another revision of the repository, checked out with `git worktree add --detach` in a temporary
 * folder, installed from the warm pnpm store and its Prisma client generated: the baseline the
 * benches compare against in the same run. remove() deletes the worktree.
 */
export function prepareRevision(rev, log = console.log) {
  const dir = mkdtempSync(join(tmpdir(), `legiao-${rev.replace(/[^A-Za-z0-9]/g, '')}-`));
  const sh = (cmd, args, cwd = dir) => execFileSync(cmd, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, CI: '1' } });
  const remove = () => {
    try {
      execFileSync('git', ['worktree', 'remove', '--force', dir], { cwd: root, stdio: 'ignore' });
    } catch {}
    rmSync(dir, { recursive: true, force: true });
    try {
      execFileSync('git', ['worktree', 'prune'], { cwd: root, stdio: 'ignore' });
    } catch {}
  };
  try {
    log(`baseline: git worktree add --detach ${dir} ${rev}`);
    sh('git', ['worktree', 'add', '--detach', dir, rev], root);
    try {
      sh('pnpm', ['install', '--frozen-lockfile', '--offline']);
    } catch {
      log('baseline: pnpm install --offline falhou; tentando sem --offline');
      sh('pnpm', ['install', '--frozen-lockfile']);
    }
    sh('pnpm', ['--filter', '@legiao/api', 'run', 'generate']);
  } catch (err) {
    remove();
    throw new Error(`baseline ${rev}: ${err.stderr?.toString().slice(-2000) ?? err.message}`);
  }
  return { dir, remove };
}

/**
 * Starts the API of a checked-out revision the way the revisions before issue 13 started it in their
 * bench/lib.mjs: `node --import tsx src/server.ts` in its apps/api.
 */
export async function startApiAt(dir, port, env = {}) {
  const cwd = join(dir, 'apps/api');
  if (!existsSync(join(cwd, 'src/server.ts'))) throw new Error(`${cwd}/src/server.ts não existe`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', RATE_LIMIT_AUTH_MAX: '100000000', SEED_DEMO: 'true', NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  await Promise.race([waitFor(`http://127.0.0.1:${port}/api/ready`), exited.then(() => Promise.reject(new Error(`a API de ${dir} terminou ao iniciar`)))]);
  return { child, stop: () => new Promise((r) => { if (child.exitCode !== null) return r(); child.once('exit', r); child.kill('SIGTERM'); }) };
}

export const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/** n active members with complete, defined profiles and `saldo` pontos each (one ledger credit). */
export async function seedMembers(c, prefix, n, balance) {
  const passwordHash = await bcrypt.hash(PASSWORD, 4);
  const { rows: [product] } = await c.query("SELECT id FROM produto ORDER BY id LIMIT 1");
  const members = [];
  for (let i = 0; i < n; i++) {
    const email = `${prefix}.${i}@bench.legiao.dev`;
    const { rows: [u] } = await c.query(
      `INSERT INTO usuario (id, email, senha_hash, nome, cpf, celular, cep, endereco, numero, cidade, uf, data_nascimento, genero, perfil, tipo, ativo, hash, data_atualizacao)
       VALUES (gen_random_uuid(), $1, $2, 'Membro Bench', NULL, '11987654321', '01310100', 'Avenida Paulista', '1000', 'São Paulo', 'SP', '1990-01-01', 'outro', 'outsider', 'legionario', true, gen_random_uuid(), now())
       ON CONFLICT (email) DO UPDATE SET senha_hash = EXCLUDED.senha_hash RETURNING id`,
      [email, passwordHash],
    );
    // cpf is part of perfilCompleto: a unique fake one (the bench never validates it).
    await c.query("UPDATE usuario SET cpf = lpad(($1::bigint)::text, 11, '0') WHERE id = $2 AND cpf IS NULL", [90_000_000_000 + Math.floor(Math.random() * 9_000_000_000), u.id]);
    const { rows: [e] } = await c.query(
      "INSERT INTO produto_cliente (id, usuario_id, produto_id, data_compra, local_compra, atualizado_em) VALUES (gen_random_uuid(), $1, $2, '2025-01-01', 'Amazon', now()) RETURNING id",
      [u.id, product.id],
    );
    await c.query("INSERT INTO lancamento (id, usuario_id, motivo, valor, produto_cliente_id) VALUES (gen_random_uuid(), $1, 'compra', $2, $3)", [u.id, balance, e.id]);
    members.push({ id: u.id, email });
  }
  return members;
}

/** A benefit (lista mode, valor 1, multiple redemption) with a pool of `codigos` unique codes. */
export async function seedBenefit(c, codes, { valor: value = 1, limite: limit = 1_000_000 } = {}) {
  const key = `bench-${randomUUID().slice(0, 8)}`;
  const { rows: [b] } = await c.query(
    `INSERT INTO beneficio (chave, nome, tipo, url_imagem, valor, texto_legal, publico, cidades, limite_por_membro, modo_cupom, prefixo_cupom, atualizado_em)
     VALUES ($1, 'Benefício de carga', 'baseGeral', '/beneficios/cupom-10.svg', $2, 'Carga.', '{legionario}', '{}', $3, 'lista', 'BENCH', now()) RETURNING id`,
    [key, value, limit],
  );
  for (let i = 0; i < codes; i += 5000) {
    const n = Math.min(5000, codes - i);
    await c.query(
      `INSERT INTO cupom (id, beneficio_id, codigo) SELECT gen_random_uuid(), $1, $2 || '-' || lpad(g::text, 6, '0') FROM generate_series($3::int, $4::int) g`,
      [b.id, key.toUpperCase(), i + 1, i + n],
    );
  }
  await c.query('ANALYZE cupom');
  return { id: b.id, chave: key };
}

export async function loginAll(base, members) {
  const tokens = [];
  for (let i = 0; i < members.length; i += 10) {
    tokens.push(
      ...(await Promise.all(
        members.slice(i, i + 10).map(async (m) => {
          const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: m.email, senha: PASSWORD }) });
          const body = await res.json();
          if (!res.ok) throw new Error(`login ${m.email}: ${res.status} ${JSON.stringify(body)}`);
          return body.token.token;
        }),
      )),
    );
  }
  return tokens;
}

/**
 * The invariants, in SQL, for one benefit: every taken code has exactly one redemption, every
 * redemption one debit of its cost and a taken code, every debit a redemption; no balance below zero
 * (running balance, in commit order) for the given members.
 */
export async function checkInvariants(c, benefitId, userIds) {
  const q = async (sql, params = [benefitId]) => (await c.query(sql, params)).rows[0].n;
  return {
    codigosEntregues: await q('SELECT count(*)::int AS n FROM cupom WHERE beneficio_id = $1 AND resgatado_em IS NOT NULL'),
    resgates: await q('SELECT count(*)::int AS n FROM resgate WHERE beneficio_id = $1'),
    debitos: await q("SELECT count(*)::int AS n FROM lancamento l JOIN resgate r ON r.id = l.resgate_id WHERE r.beneficio_id = $1"),
    codigoSemResgate: await q('SELECT count(*)::int AS n FROM cupom c WHERE c.beneficio_id = $1 AND c.resgatado_em IS NOT NULL AND NOT EXISTS (SELECT 1 FROM resgate r WHERE r.cupom_id = c.id)'),
    resgateSemDebito: await q('SELECT count(*)::int AS n FROM resgate r WHERE r.beneficio_id = $1 AND NOT EXISTS (SELECT 1 FROM lancamento l WHERE l.resgate_id = r.id)'),
    resgateComCodigoLivre: await q('SELECT count(*)::int AS n FROM resgate r JOIN cupom c ON c.id = r.cupom_id WHERE r.beneficio_id = $1 AND c.resgatado_em IS NULL'),
    debitoDiferenteDoCusto: await q('SELECT count(*)::int AS n FROM lancamento l JOIN resgate r ON r.id = l.resgate_id WHERE r.beneficio_id = $1 AND l.valor <> -r.valor'),
    debitoSemResgate: await q("SELECT count(*)::int AS n FROM lancamento l WHERE l.motivo = 'resgate_beneficio' AND l.resgate_id IS NULL", []),
    codigoRepetido: await q('SELECT count(*)::int AS n FROM (SELECT codigo FROM cupom c JOIN resgate r ON r.cupom_id = c.id WHERE r.beneficio_id = $1 GROUP BY codigo HAVING count(*) > 1) x'),
    saldoNegativo: await q(
      `SELECT count(*)::int AS n FROM (
         SELECT usuario_id, SUM(valor) OVER (PARTITION BY usuario_id ORDER BY data, id ROWS UNBOUNDED PRECEDING) AS corrente
         FROM lancamento WHERE usuario_id = ANY($1::uuid[])) s WHERE corrente < 0`,
      [userIds],
    ),
  };
}

/** True when every "should be zero" invariant is zero and the three counts agree. */
export const invariantsOk = (i) =>
  i.codigosEntregues === i.resgates && i.resgates === i.debitos && i.codigoSemResgate + i.resgateSemDebito + i.resgateComCodigoLivre + i.debitoDiferenteDoCusto + i.debitoSemResgate + i.codigoRepetido + i.saldoNegativo === 0;
