import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conquistaSchema, LIMIARES_CONQUISTA, type Conquista } from '@legiao/contracts/conquista';
import { buildTestApp, type TestApp } from './support/app.js';
import { expectError } from './support/factories.js';
import { createBeneficio, createMembroEconomia } from './beneficio-fixtures.js';
import { createCompraVerificada, createEntrada, createProduto } from './produto-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const DIA = 24 * 3600_000;

async function conquistas(headers: Headers, app = t.app): Promise<Conquista> {
  const res = await app.inject({ method: 'GET', url: '/api/Conquista', headers });
  expect(res.statusCode, res.body).toBe(200);
  return conquistaSchema.parse(res.json());
}

/** `n` confirmed referrals made by the member (and one pending, which never counts). */
async function indicacoes(indicadorId: string, n: number, status: 'confirmada' | 'pendente' = 'confirmada') {
  await t.prisma.indicacao.createMany({
    data: Array.from({ length: n }, () => ({ indicadorId, cpfDigest: `cpf-${randomUUID()}`, emailDigest: `email-${randomUUID()}`, status, confirmadaEm: status === 'confirmada' ? new Date() : null })),
  });
}

describe('GET /api/Conquista', () => {
  it('a new member: Novato, nothing else yet, founder before the cutoff', async () => {
    const m = await createMembroEconomia(t.app, t.prisma, { perfil: null });
    expect(await conquistas(m.headers)).toEqual({
      numeroLegionario: null,
      membroFundador: true,
      perfil: null,
      nivelTempo: 1,
      nivelIndicacao: 0,
      nivelColecao: 0,
      experiencias: [],
      progresso: { diasDeLegiao: 0, indicacoesConfirmadas: 0, produtosNaColecao: 0 },
    });
  });

  it('needs a session', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/conquista' }), 401);
    expectError(await t.app.inject({ method: 'GET', url: '/api/conquista', headers: { authorization: 'Bearer nao-e-um-token' } }), 401);
  });

  it('nivelTempo: Veterano from 180 days after activation, Legionário from 365 (dataCadastro when never activated)', async () => {
    const m = await createMembroEconomia(t.app, t.prisma);
    const [veterano, legionario] = LIMIARES_CONQUISTA.tempoDias.slice(1) as [number, number];
    const ativadoHa = async (ms: number, semAtivacao = false) => {
      await t.prisma.usuario.update({ where: { id: m.usuario.id }, data: semAtivacao ? { ativadoEm: null, dataCadastro: new Date(Date.now() - ms) } : { ativadoEm: new Date(Date.now() - ms) } });
      const c = await conquistas(m.headers);
      return [c.nivelTempo, c.progresso.diasDeLegiao];
    };
    const minuto = 60_000;
    expect(await ativadoHa(veterano * DIA - minuto)).toEqual([1, veterano - 1]);
    expect(await ativadoHa(veterano * DIA + minuto)).toEqual([2, veterano]);
    expect(await ativadoHa(legionario * DIA - minuto)).toEqual([2, legionario - 1]);
    expect(await ativadoHa(legionario * DIA + minuto)).toEqual([3, legionario]);
    expect(await ativadoHa(legionario * DIA + minuto, true)).toEqual([3, legionario]);
    expect(await ativadoHa(veterano * DIA - minuto, true)).toEqual([1, veterano - 1]);
  });

  it('nivelIndicacao counts confirmed referrals only: 1, 5 and 15', async () => {
    const m = await createMembroEconomia(t.app, t.prisma);
    await indicacoes(m.usuario.id, 3, 'pendente');
    const nivelCom = async (total: number) => {
      const atual = await t.prisma.indicacao.count({ where: { indicadorId: m.usuario.id, status: 'confirmada' } });
      await indicacoes(m.usuario.id, total - atual);
      const c = await conquistas(m.headers);
      expect(c.progresso.indicacoesConfirmadas).toBe(total);
      return c.nivelIndicacao;
    };
    expect(await nivelCom(0)).toBe(0);
    expect(await nivelCom(1)).toBe(1);
    expect(await nivelCom(4)).toBe(1);
    expect(await nivelCom(5)).toBe(2);
    expect(await nivelCom(14)).toBe(2);
    expect(await nivelCom(15)).toBe(3);
  });

  it('nivelColecao counts distinct products on the shelf: 1, 5 and 10', async () => {
    const m = await createMembroEconomia(t.app, t.prisma);
    const produtos = await Promise.all(Array.from({ length: 11 }, () => createProduto(t.prisma)));
    // A product whose every verified unit was bought to give away is not on her shelf.
    await createCompraVerificada(t.prisma, { usuarioId: m.usuario.id, produtoId: produtos[10]!.id, quantidade: 2, quantidadePresente: 2 });
    let tem = 0;
    const nivelCom = async (total: number) => {
      for (; tem < total; tem++) await createEntrada(t.prisma, m.usuario.id, produtos[tem]!.id);
      const c = await conquistas(m.headers);
      expect(c.progresso.produtosNaColecao).toBe(total);
      return c.nivelColecao;
    };
    expect(await nivelCom(0)).toBe(0);
    expect(await nivelCom(1)).toBe(1);
    // Two entries of the same product are one product.
    await createEntrada(t.prisma, m.usuario.id, produtos[0]!.id);
    expect(await nivelCom(1)).toBe(1);
    expect(await nivelCom(4)).toBe(1);
    expect(await nivelCom(5)).toBe(2);
    expect(await nivelCom(9)).toBe(2);
    expect(await nivelCom(10)).toBe(3);
  });

  it('numeroLegionario is the lowest legion number of her verified pieces; perfil is a profile seal or null', async () => {
    const m = await createMembroEconomia(t.app, t.prisma, { perfil: 'outsider' });
    const [a, b] = await Promise.all([createProduto(t.prisma, { numerosAtribuidos: 40 }), createProduto(t.prisma, { numerosAtribuidos: 6 })]);
    await createCompraVerificada(t.prisma, { usuarioId: m.usuario.id, produtoId: a.id, quantidade: 1 });
    await createCompraVerificada(t.prisma, { usuarioId: m.usuario.id, produtoId: b.id, quantidade: 2 });
    const c = await conquistas(m.headers);
    expect(c.numeroLegionario).toBe(7);
    expect(c.perfil).toBe('outsider');
    await t.prisma.usuario.update({ where: { id: m.usuario.id }, data: { perfil: 'geral' } });
    expect((await conquistas(m.headers)).perfil).toBeNull();
  });

  it('experiencias: the events of the benefits she redeemed, in the contract order', async () => {
    const m = await createMembroEconomia(t.app, t.prisma);
    const outro = await createMembroEconomia(t.app, t.prisma);
    const jersey = await createBeneficio(t.prisma, { valor: 0, evento: true, experiencia: 'jerseyBoys' });
    const tarde = await createBeneficio(t.prisma, { valor: 0, evento: true, experiencia: 'tardezinha' });
    const comum = await createBeneficio(t.prisma, { valor: 0 });
    for (const b of [jersey, comum, tarde]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/beneficio/resgate', headers: m.headers, payload: { idBeneficio: b.id, aceiteTermos: true } });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await conquistas(m.headers)).experiencias).toEqual(['tardezinha', 'jerseyBoys']);
    expect((await conquistas(outro.headers)).experiencias).toEqual([]);
  });

  it('staff and leads get an answer too', async () => {
    const [staff, lead] = await Promise.all([createMembroEconomia(t.app, t.prisma, { tipo: 'colaborador' }), createMembroEconomia(t.app, t.prisma, { tipo: 'lead', perfil: null })]);
    expect((await conquistas(staff.headers)).nivelTempo).toBe(1);
    expect((await conquistas(lead.headers)).nivelTempo).toBe(1);
  });

  it('membroFundador: accounts created up to the last day of FOUNDERS_UNTIL (São Paulo time)', async () => {
    const outra = await buildTestApp({ env: { FOUNDERS_UNTIL: '2026-06-30' } });
    try {
      const m = await createMembroEconomia(outra.app, outra.prisma);
      const fundador = async (dataCadastro: string) => {
        await outra.prisma.usuario.update({ where: { id: m.usuario.id }, data: { dataCadastro: new Date(dataCadastro) } });
        return (await conquistas(m.headers, outra.app)).membroFundador;
      };
      expect(await fundador('2026-07-01T02:59:59.999Z')).toBe(true); // 30/06 23:59:59 in São Paulo
      expect(await fundador('2026-07-01T03:00:00.000Z')).toBe(false); // 01/07 00:00
      expect(await fundador('2025-01-01T12:00:00.000Z')).toBe(true);
    } finally {
      await outra.close();
    }
  });
});
