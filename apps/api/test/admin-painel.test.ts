import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '@legiao/contracts';
import { DASHBOARD_MSG, dashboardLiveSchema, dashboardSchema } from '@legiao/contracts/admin/painel';
import { poolOf, type SqlPool } from '../src/db/prisma.js';
import { DashboardSampler } from '../src/features/admin/painel/dashboard-sampler.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { expectError } from './support/factories.js';
import { randomCpf } from './support/cpf.js';
import { createStaffByRole, type StaffSession } from './support/staff.js';

// The launch dashboard (docs/decisions/0033-launch-dashboard.md): every aggregate checked against
// rows seeded in March 2020 (a window nothing else writes), São Paulo days at their UTC edges.

let t: TestApp;
let s: Record<StaffRole | 'membro', StaffSession>;
let pool: SqlPool;
const TAG = 'painel-teste';
const ids: Record<string, string> = {};
const benefits: Record<string, number> = {};

async function user(name: string, signup: string, activated: string | null) {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO usuario (id, hash, email, nome, cpf, data_cadastro, data_atualizacao, ativado_em, ativo)
     VALUES (gen_random_uuid(), gen_random_uuid(), $1, $2, $3, $4::timestamp, now(), $5::timestamp, $6) RETURNING id`,
    [`${TAG}-${name}-${randomUUID().slice(0, 8)}@exemplo.com`, name, randomCpf(), signup, activated, activated !== null],
  );
  ids[name] = rows[0]!.id;
}
const session = (u: string, created: string) => pool.query(`INSERT INTO sessao (id, usuario_id, criada_em, expira_em) VALUES (gen_random_uuid(), $1, $2::timestamp, $2::timestamp + interval '1 day')`, [ids[u], created]);
async function benefit(key: string, stock: number | null) {
  const b = await t.prisma.beneficio.create({ data: { chave: `${TAG}-${key}-${randomUUID().slice(0, 8)}`, nome: `Painel ${key}`, tipo: 'baseGeral', urlImagem: '/x.png', textoLegal: 'x', estoque: stock, ordem: -1000 } });
  benefits[key] = b.id;
}
async function redemption(u: string, b: string, created: string) {
  const coupon = await t.prisma.cupom.create({ data: { beneficioId: benefits[b]!, codigo: `${TAG}-${randomUUID()}`, resgatadoEm: new Date() } });
  await pool.query(`INSERT INTO resgate (usuario_id, beneficio_id, cupom_id, valor, criado_em) VALUES ($1, $2, $3, 0, $4::timestamp)`, [ids[u], benefits[b], coupon.id, created]);
}
const referral = (referrer: string, referred: string, created: string, status: 'pendente' | 'confirmada') =>
  pool.query(`INSERT INTO indicacao (id, indicador_id, indicado_id, cpf_digest, email_digest, status, criada_em) VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6::timestamp)`, [ids[referrer], ids[referred], randomUUID(), randomUUID(), status, created]);

async function seed() {
  // Leftovers of earlier runs on this database.
  await pool.query(`DELETE FROM indicacao WHERE criada_em >= '2020-03-01' AND criada_em < '2020-04-01'`);
  await pool.query(`DELETE FROM usuario WHERE email LIKE '${TAG}-%'`);
  await pool.query(`DELETE FROM painel_minuto WHERE minuto >= '2020-03-01' AND minuto < '2020-04-01'`);
  await pool.query(`UPDATE beneficio SET ativo = false WHERE chave LIKE '${TAG}-%'`);
  await pool.query(`DELETE FROM pesquisa WHERE chave LIKE '${TAG}-%'`);

  await user('u1', '2020-03-10 12:00', '2020-03-11 12:00');
  await user('u2', '2020-03-11 02:00', null); // 23:00 of the 10th in São Paulo
  await user('u3', '2020-03-12 10:00', null);
  await user('u4', '2020-03-13 02:59', null); // 23:59 of the 12th
  await user('u5', '2020-03-13 03:00', '2020-03-13 04:00'); // the 13th: outside
  await session('u1', '2020-03-10 15:00');
  await session('u1', '2020-03-10 16:00');
  await session('u2', '2020-03-10 17:00');
  await session('u1', '2020-03-11 15:00');
  await session('u1', '2020-03-13 15:00'); // outside
  await benefit('b1', 7);
  await benefit('b2', null);
  await redemption('u1', 'b1', '2020-03-11 15:00');
  await redemption('u2', 'b1', '2020-03-11 16:00');
  await redemption('u3', 'b2', '2020-03-12 15:00');
  await redemption('u4', 'b2', '2020-03-09 15:00'); // outside
  await referral('u1', 'u2', '2020-03-10 20:00', 'confirmada');
  await referral('u1', 'u3', '2020-03-12 20:00', 'pendente');
  await referral('u4', 'u5', '2020-03-13 20:00', 'pendente'); // outside

  const sat = await t.prisma.pesquisa.create({
    data: {
      chave: `${TAG}-sat-${randomUUID().slice(0, 8)}`,
      tipo: 'satisfacao',
      nome: 'Satisfação (teste do painel)',
      // Inactive: an active one would become the survey every other test file answers (the newest wins).
      ativa: false,
      perguntas: { create: [{ ordem: 17, descricao: 'De 0 a 10, quanto você recomendaria a Legião a um amigo?', opcoes: { create: [{ ordem: 1, descricao: '9 ou 10' }, { ordem: 2, descricao: '7 ou 8' }, { ordem: 3, descricao: 'De 0 a 6' }] } }] },
    },
    include: { perguntas: { include: { opcoes: true } } },
  });
  const question = sat.perguntas[0]!;
  const option = (order: number) => question.opcoes.find((o) => o.ordem === order)!.id;
  for (const [u, order, when] of [['u1', 1, '2020-03-10 15:00'], ['u2', 1, '2020-03-11 15:00'], ['u3', 2, '2020-03-12 15:00'], ['u4', 3, '2020-03-12 16:00'], ['u5', 3, '2020-03-14 16:00']] as const) {
    const p = await t.prisma.pesquisaParticipacao.create({ data: { pesquisaId: sat.id, usuarioId: ids[u]! } });
    await pool.query(`INSERT INTO pesquisa_resposta_usuario (participacao_id, pergunta_id, opcao_id, criada_em) VALUES ($1, $2, $3, $4::timestamp)`, [p.id, question.id, option(order), when]);
  }
  const pers = await t.prisma.pesquisa.create({ data: { chave: `${TAG}-pers-${randomUUID().slice(0, 8)}`, tipo: 'personalizacao', nome: 'Personalização (teste do painel)', ativa: false } });
  for (const [u, profile, when] of [['u1', 'outsider', '2020-03-10 15:00'], ['u2', 'outsider', '2020-03-11 15:00'], ['u3', 'estiloso', '2020-03-12 15:00'], ['u4', 'funcional', '2020-03-20 15:00']] as const) {
    await pool.query(`INSERT INTO pesquisa_participacao (pesquisa_id, usuario_id, perfil, concluida_em, atualizada_em) VALUES ($1, $2, $3, $4::timestamp, now())`, [pers.id, ids[u], profile, when]);
  }
  await pool.query(`INSERT INTO painel_minuto (minuto, aguardando, admitidos, espera_ms, admissoes, erros) VALUES
    ('2020-03-10 13:00', 10, 100, 5000, 20, 1), ('2020-03-10 13:30', 30, 100, 9000, 40, 0), ('2020-03-11 13:00', 5, 50, 1000, 3, 2)`);
}

beforeAll(async () => {
  t = await buildTestApp();
  pool = poolOf(t.prisma);
  s = await createStaffByRole(t);
  await seed();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> | undefined = s.marketing.headers) => t.app.inject({ method: 'GET', url, headers });
const RANGE = '/api/admin/painel?de=2020-03-10&ate=2020-03-12';

describe('GET /api/admin/painel', () => {
  it.each(['marketing', 'admin'] as const)('answers %s', async (role) => {
    const res = await get(RANGE, s[role].headers);
    expect(res.statusCode).toBe(200);
    dashboardSchema.parse(res.json());
  });

  it.each(['atendimento', 'operacao', 'membro'] as const)('refuses %s with 403', async (role) => {
    expectError(await get(RANGE, s[role].headers), 403, 'Você não tem permissão para esta ação.');
  });

  it('401 without a session', async () => {
    expect((await get(RANGE, {})).statusCode).toBe(401);
  });

  it.each([
    ['a missing date', '/api/admin/painel?de=2020-03-10', 'ate'],
    ['a malformed date', '/api/admin/painel?de=10/03/2020&ate=2020-03-12', 'de'],
    ['an impossible date', '/api/admin/painel?de=2020-02-31&ate=2020-03-12', 'de'],
  ])('400 for %s', async (_name, url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBeTypeOf('string');
  });

  it('400 for a range that ends before it starts', async () => {
    expectError(await get('/api/admin/painel?de=2020-03-12&ate=2020-03-10'), 400, DASHBOARD_MSG.intervaloInvertido);
  });

  it('400 for a range over 92 days (92 is fine)', async () => {
    expectError(await get('/api/admin/painel?de=2020-01-01&ate=2020-04-02'), 400, DASHBOARD_MSG.intervaloLongo);
    expect((await get('/api/admin/painel?de=2020-01-01&ate=2020-04-01')).statusCode).toBe(200);
  });

  it('counts the seeded rows per São Paulo day, every day present', async () => {
    const p = dashboardSchema.parse((await get(RANGE)).json());
    expect(p.dias).toEqual([
      { dia: '2020-03-10', cadastros: 2, ativacoes: 0, logins: 3, membrosAtivos: 2, resgates: 0 },
      { dia: '2020-03-11', cadastros: 0, ativacoes: 1, logins: 1, membrosAtivos: 1, resgates: 2 },
      { dia: '2020-03-12', cadastros: 2, ativacoes: 0, logins: 0, membrosAtivos: 0, resgates: 1 },
    ]);
    expect(p.contasAtivadas).toBe(1);
    expect(p.resgatesPorBeneficio).toEqual([
      { beneficioId: benefits.b1, nome: 'Painel b1', resgates: 2 },
      { beneficioId: benefits.b2, nome: 'Painel b2', resgates: 1 },
    ]);
    expect(p.estoque).toEqual(expect.arrayContaining([{ beneficioId: benefits.b1, nome: 'Painel b1', restante: 7 }, { beneficioId: benefits.b2, nome: 'Painel b2', restante: null }]));
    expect(p.indicacoes).toEqual({ compartilharam: 1, cadastraram: 2, confirmaram: 1 });
    expect(p.nps).toEqual({ promotores: 2, neutros: 1, detratores: 1, respostas: 4, nps: 25 });
    expect(p.personalizacao).toEqual([{ perfil: 'outsider', membros: 2 }, { perfil: 'estiloso', membros: 1 }]);
    expect(p.filaGranularidade).toBe('hora');
    expect(p.fila).toEqual([
      { inicio: '2020-03-10T13:00:00.000Z', aguardandoMax: 30, aguardandoMedio: 20, esperaMaxMs: 9000, admissoes: 60 },
      { inicio: '2020-03-11T13:00:00.000Z', aguardandoMax: 5, aguardandoMedio: 5, esperaMaxMs: 1000, admissoes: 3 },
    ]);
  });

  it('a longer range draws the waiting room per São Paulo day; an empty range is zeros, NPS null', async () => {
    const p = dashboardSchema.parse((await get('/api/admin/painel?de=2020-03-01&ate=2020-03-31')).json());
    expect(p.dias).toHaveLength(31);
    expect(p.filaGranularidade).toBe('dia');
    expect(p.fila).toEqual([
      { inicio: '2020-03-10T03:00:00.000Z', aguardandoMax: 30, aguardandoMedio: 20, esperaMaxMs: 9000, admissoes: 60 },
      { inicio: '2020-03-11T03:00:00.000Z', aguardandoMax: 5, aguardandoMedio: 5, esperaMaxMs: 1000, admissoes: 3 },
    ]);
    const empty = dashboardSchema.parse((await get('/api/admin/painel?de=2019-01-01&ate=2019-01-01')).json());
    expect(empty.dias).toEqual([{ dia: '2019-01-01', cadastros: 0, ativacoes: 0, logins: 0, membrosAtivos: 0, resgates: 0 }]);
    expect(empty.nps).toEqual({ promotores: 0, neutros: 0, detratores: 0, respostas: 0, nps: null });
    expect(empty.indicacoes).toEqual({ compartilharam: 0, cadastraram: 0, confirmaram: 0 });
  });
});

describe('GET /api/admin/painel/ao-vivo', () => {
  it.each(['atendimento', 'operacao', 'membro'] as const)('refuses %s with 403', async (role) => {
    expectError(await get('/api/admin/painel/ao-vivo', s[role].headers), 403, 'Você não tem permissão para esta ação.');
  });

  it('401 without a session', async () => {
    expect((await get('/api/admin/painel/ao-vivo', {})).statusCode).toBe(401);
  });

  it.each(['marketing', 'admin'] as const)('answers %s with the last minute and 30 minutes of history', async (role) => {
    const previousMinute = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60_000).toISOString().slice(0, 23);
    await pool.query(`INSERT INTO painel_minuto (minuto, erros) VALUES ($1::timestamp, 7) ON CONFLICT (minuto) DO UPDATE SET erros = painel_minuto.erros + 7`, [previousMinute]);
    const v = dashboardLiveSchema.parse((await get('/api/admin/painel/ao-vivo', s[role].headers)).json());
    // The five staff accounts logged in moments ago (beforeAll).
    expect(v.loginsPorMinuto).toBeGreaterThanOrEqual(5);
    expect(v.errosPorMinuto).toBeGreaterThanOrEqual(7);
    expect(v.minutos).toHaveLength(30);
    expect(v.minutos.at(-2)!.minuto).toBe(`${previousMinute}Z`);
    expect(v.minutos.at(-2)!.erros).toBeGreaterThanOrEqual(7);
    expect(v.minutos.reduce((sum, m) => sum + m.logins, 0)).toBeGreaterThanOrEqual(5);
    expect(v.fila).toEqual({ ativa: false, aguardando: 0, admitidos: expect.any(Number), esperaMaisAntigaMs: 0, admissoesPorMinuto: expect.any(Number) });
  });
});

describe('PainelAmostrador', () => {
  it('adds each process’s new 5xx answers to the minute and keeps the first waiting-room reading', async () => {
    const minute = Date.parse('2020-03-20T10:00:00Z');
    const state = (waiting: number) => ({ habilitada: true, ativa: true, pausada: false, capacidade: 10, admissoesPorMinuto: 60, aguardando: waiting, admitidos: 10, admissoesUltimoMinuto: 12, esperaMaisAntigaMs: 4000, armazenamento: 'memoria' as const, conexoesNesteProcesso: 0 });
    const process = (errors: number[], waiting: number) => {
      let i = 0;
      return new DashboardSampler({ pool, readErrors5xx: async () => errors[Math.min(i++, errors.length - 1)]!, readWaitingRoom: async () => state(waiting), log: { warn: () => {} } });
    };
    const a = process([100, 103, 104], 40);
    const b = process([0, 2], 99);
    await a.runOnce(minute); // baseline: the 100 errors before it started are not counted
    await b.runOnce(minute + 5_000);
    await a.runOnce(minute + 10_000);
    await b.runOnce(minute + 15_000);
    await a.runOnce(minute + 70_000); // the next minute
    const { rows } = await pool.query(`SELECT to_char(minuto, 'HH24:MI') AS m, aguardando, admissoes, espera_ms, erros FROM painel_minuto WHERE minuto >= '2020-03-20 10:00' AND minuto < '2020-03-20 10:02' ORDER BY minuto`);
    expect(rows).toEqual([
      { m: '10:00', aguardando: 40, admissoes: 12, espera_ms: 4000, erros: 5 },
      { m: '10:01', aguardando: 40, admissoes: 12, espera_ms: 4000, erros: 1 },
    ]);
  });
});
