import { BENEFICIO_MSG, type ResgateResponse } from '@legiao/contracts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors/app-error.js';
import { Prisma, type Db } from '../../db/prisma.js';
import type { BeneficioOpcao } from '../../generated/prisma/client.js';
import { saldoDoUsuario } from '../ledger/ledger.service.js';
import {
  beneficioEsgotado,
  benefitsOrder,
  chaveLivre,
  motivoBloqueio,
  opcaoEsgotada,
  toCupom,
  visivelPara,
  type BeneficioComOpcoes,
  type Livres,
  type MembroBeneficio,
  type ResgateDoMembro,
} from './beneficio.service.js';
import { gerarCodigo } from './codigos.js';

// POST /beneficio/resgate: one redemption = one coupon + one ledger debit, in ONE transaction
// (docs/decisions/0009-economy.md):
// 1. lock the member's row (FOR NO KEY UPDATE): a member's redemptions run one at a time, so the
//    balance read next can't be spent twice; other members are not blocked;
// 2. replay: an Idempotency-Key already used by this member answers the stored redemption;
// 3. the rules (profile, dates, own limit, balance) on fresh data, under the lock;
// 4. stock: a free code of the pool taken with FOR UPDATE SKIP LOCKED (concurrent redemptions
//    take different codes without waiting for each other, and the code is marked taken), or for
//    generated codes a conditional UPDATE of the counter (estoque > 0) and a new unique code;
// 5. the resgate row and its debit (Resgate de Benefício, -valor) in one statement, then commit.
// Every check that can fail runs before a code is taken, so a taken code is always committed
// with its debit, or released with the rollback. A crash anywhere rolls the whole thing back.

export interface RedeemInput {
  idBeneficio: number;
  idOpcao?: number;
  chaveIdempotencia?: string;
}

export interface RedeemResult {
  body: ResgateResponse;
  /** true when the Idempotency-Key had already redeemed: the same answer, nothing new. */
  replay: boolean;
}

type Tx = Prisma.TransactionClient;

// A member's redemptions queue on their row lock; under load a transaction may wait for a pooled
// connection and then for the lock. Generous limits: the work itself takes milliseconds.
const TX_OPTIONS = { maxWait: 20_000, timeout: 20_000 };

export async function redeemBenefit(prisma: Db, u: MembroBeneficio, input: RedeemInput): Promise<RedeemResult> {
  try {
    return await prisma.$transaction((tx) => redeemInTx(tx, u, input), TX_OPTIONS);
  } catch (err) {
    if (err instanceof AppError) throw err;
    // P2028: no connection or the transaction ran out of time; P2034: deadlock or serialization.
    if (err instanceof Prisma.PrismaClientKnownRequestError && (err.code === 'P2028' || err.code === 'P2034')) {
      throw new AppError('UNAVAILABLE', BENEFICIO_MSG.tenteNovamente, 'TENTE_NOVAMENTE');
    }
    throw err;
  }
}

/** The redemption inside the caller's transaction (the seed uses it directly). */
export async function redeemInTx(tx: Tx, u: MembroBeneficio, input: RedeemInput): Promise<RedeemResult> {
  await tx.$queryRaw`SELECT 1 FROM usuario WHERE id = ${u.id}::uuid FOR NO KEY UPDATE`;

  if (input.chaveIdempotencia) {
    const anterior = await resgatePorChave(tx, u.id, input.chaveIdempotencia);
    if (anterior) {
      const mesmoPedido = anterior.beneficio.id === input.idBeneficio && (input.idOpcao === undefined || anterior.resgate.opcao?.id === input.idOpcao);
      if (!mesmoPedido) throw conflict(BENEFICIO_MSG.chaveReusada, 'IDEMPOTENCIA_CONFLITO');
      return { body: { ...toCupom(anterior.resgate, anterior.beneficio), saldo: await saldoDoUsuario(tx, u.id) }, replay: true };
    }
  }

  // One connection per transaction: its queries run one after the other (no Promise.all, and no
  // nested relation loads, which Prisma would send at once on the same connection). Few round trips:
  // the transaction holds the member's lock and a pooled connection while it runs.
  const agora = new Date();
  const b = await tx.beneficio.findUnique({ where: { id: input.idBeneficio }, include: { opcoes: { orderBy: benefitsOrder } } });
  if (!b) throw notFound(BENEFICIO_MSG.naoEncontrado);
  // Read after the lock (a statement of its own, so its snapshot sees every debit committed before).
  const [uso] = await tx.$queryRaw<{ resgatados: number; saldo: number }[]>`
    SELECT (SELECT count(*) FROM resgate WHERE usuario_id = ${u.id}::uuid AND beneficio_id = ${b.id})::int AS resgatados,
           (SELECT COALESCE(SUM(valor), 0) FROM lancamento WHERE usuario_id = ${u.id}::uuid)::int AS saldo`;
  const { resgatados, saldo } = uso!;
  if (!visivelPara(b, u, resgatados > 0, agora)) throw notFound(BENEFICIO_MSG.naoEncontrado);

  const opcao = escolherOpcao(b, input.idOpcao);
  // A pool's stock is decided by taking a code (SKIP LOCKED, below): nothing to count first.
  const livres: Livres = new Set(b.modoCupom === 'lista' ? [chaveLivre(b.id, null), ...b.opcoes.map((o) => chaveLivre(b.id, o.id))] : []);
  const bloqueio = motivoBloqueio(b, beneficioEsgotado(b, livres), { usuario: u, saldo, resgatados, agora });
  if (bloqueio) {
    const status = bloqueio.codigo === 'PERFIL_INCOMPLETO' || bloqueio.codigo === 'PERFIL_NAO_DEFINIDO' ? forbidden : conflict;
    throw status(bloqueio.mensagem, bloqueio.codigo);
  }
  if (opcao && opcaoEsgotada(b, opcao, livres)) throw conflict(BENEFICIO_MSG.opcaoEsgotada, 'OPCAO_ESGOTADA');

  const cupom = await tomarCupom(tx, b, opcao, agora);
  // The redemption and its debit in one statement.
  const [resgate] = await tx.$queryRaw<{ id: number }[]>`
    WITH r AS (
      INSERT INTO resgate (usuario_id, beneficio_id, opcao_id, cupom_id, valor, chave_idempotencia, criado_em)
      VALUES (${u.id}::uuid, ${b.id}, ${opcao?.id ?? null}::int, ${cupom.id}::uuid, ${b.valor}, ${input.chaveIdempotencia ?? null}, ${agora})
      RETURNING id
    )
    INSERT INTO lancamento (id, usuario_id, motivo, valor, resgate_id, data)
    SELECT gen_random_uuid(), ${u.id}::uuid, 'resgate_beneficio', ${-b.valor}::int, r.id, ${agora} FROM r
    RETURNING resgate_id AS id`;
  const feito: ResgateDoMembro = { id: resgate!.id, beneficioId: b.id, criadoEm: agora, cupom: { codigo: cupom.codigo, usadoEm: null }, opcao };
  return { body: { ...toCupom(feito, b), saldo: saldo - b.valor }, replay: false };
}

/** The member's redemption made with this key, in one query. */
async function resgatePorChave(tx: Tx, usuarioId: string, chave: string) {
  const [r] = await tx.$queryRaw<
    { id: number; criado_em: Date; codigo: string; usado_em: Date | null; opcao_id: number | null; opcao_nome: string | null; opcao_data: Date | null; beneficio_id: number; nome: string; evento: boolean; url_beneficio: string | null }[]
  >`SELECT r.id, r.criado_em, c.codigo, c.usado_em, o.id AS opcao_id, o.nome AS opcao_nome, o.data AS opcao_data,
           b.id AS beneficio_id, b.nome, b.evento, b.url_beneficio
    FROM resgate r JOIN cupom c ON c.id = r.cupom_id JOIN beneficio b ON b.id = r.beneficio_id LEFT JOIN beneficio_opcao o ON o.id = r.opcao_id
    WHERE r.usuario_id = ${usuarioId}::uuid AND r.chave_idempotencia = ${chave}`;
  if (!r) return null;
  const resgate: ResgateDoMembro = {
    id: r.id,
    beneficioId: r.beneficio_id,
    criadoEm: r.criado_em,
    cupom: { codigo: r.codigo, usadoEm: r.usado_em },
    opcao: r.opcao_id === null ? null : { id: r.opcao_id, nome: r.opcao_nome!, data: r.opcao_data! },
  };
  return { resgate, beneficio: { id: r.beneficio_id, nome: r.nome, evento: r.evento, urlBeneficio: r.url_beneficio } };
}

/** The event day: required when the benefit has days, refused when it has none. */
function escolherOpcao(b: BeneficioComOpcoes, idOpcao: number | undefined): BeneficioOpcao | null {
  if (!b.opcoes.length) {
    if (idOpcao !== undefined) throw badRequest(BENEFICIO_MSG.opcaoInvalida, 'OPCAO_INVALIDA');
    return null;
  }
  if (idOpcao === undefined) throw badRequest(BENEFICIO_MSG.opcaoObrigatoria, 'OPCAO_OBRIGATORIA');
  const opcao = b.opcoes.find((o) => o.id === idOpcao);
  if (!opcao) throw badRequest(BENEFICIO_MSG.opcaoInvalida, 'OPCAO_INVALIDA');
  return opcao;
}

const esgotado = (opcao: BeneficioOpcao | null) =>
  opcao ? conflict(BENEFICIO_MSG.opcaoEsgotada, 'OPCAO_ESGOTADA') : conflict(BENEFICIO_MSG.esgotado, 'ESGOTADO');

/** Takes one unit of stock and returns its code (the last step that may fail). */
async function tomarCupom(tx: Tx, b: BeneficioComOpcoes, opcao: BeneficioOpcao | null, agora: Date): Promise<{ id: string; codigo: string }> {
  if (b.modoCupom === 'lista') {
    const filtroOpcao = opcao ? Prisma.sql`opcao_id = ${opcao.id}` : Prisma.sql`opcao_id IS NULL`;
    const [livre] = await tx.$queryRaw<{ id: string; codigo: string }[]>`
      UPDATE cupom SET resgatado_em = ${agora}
      WHERE id = (SELECT id FROM cupom WHERE beneficio_id = ${b.id} AND ${filtroOpcao} AND resgatado_em IS NULL
                  ORDER BY codigo LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id::text, codigo`;
    if (!livre) throw esgotado(opcao);
    return livre;
  }
  // Generated codes: the counter is the stock (null = unlimited, no row lock taken).
  const contador = opcao ? opcao.estoque : b.estoque;
  if (contador !== null) {
    const baixa = opcao
      ? await tx.$executeRaw`UPDATE beneficio_opcao SET estoque = estoque - 1 WHERE id = ${opcao.id} AND estoque > 0`
      : await tx.$executeRaw`UPDATE beneficio SET estoque = estoque - 1 WHERE id = ${b.id} AND estoque > 0`;
    if (baixa !== 1) throw esgotado(opcao);
  }
  for (let tentativa = 0; tentativa < 5; tentativa++) {
    const [novo] = await tx.$queryRaw<{ id: string; codigo: string }[]>`
      INSERT INTO cupom (id, beneficio_id, opcao_id, codigo, resgatado_em, criado_em)
      VALUES (gen_random_uuid(), ${b.id}, ${opcao?.id ?? null}::int, ${gerarCodigo(b.prefixoCupom ?? 'LEG')}, ${agora}, ${agora})
      ON CONFLICT (codigo) DO NOTHING
      RETURNING id::text, codigo`;
    if (novo) return novo;
  }
  throw new Error('não foi possível gerar um código de cupom único');
}
