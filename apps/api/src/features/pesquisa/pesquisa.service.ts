import { MSG } from '@legiao/contracts';
import { PESQUISA_MSG, type PesquisaEstado, type PesquisaPergunta } from '@legiao/contracts/pesquisa';
import { AppError, badRequest, conflict } from '../../errors/app-error.js';
import { Prisma, type Db } from '../../db/prisma.js';
import { creditarEnriquecimentoPerfil } from '../ledger/ledger.service.js';
import { pesquisaAtual, travarParticipacao } from './participacao.js';
import { perfilDaMaioria } from './perfil.js';

// The personalisation survey (spec 001 sections 2.16 and 4): one question at a time, the next being
// the lowest ordem the member has not answered. The last answer sets Usuario.perfil (perfilDefinido)
// and credits 'Enriquecimento de Perfil' in the same transaction. It is taken once: a member whose
// perfil is defined (by this survey or otherwise) gets the finished state. docs/decisions/0014-pesquisas.md

type Tx = Prisma.TransactionClient;

export interface RespostaPersonalizacao {
  idPesquisa: number;
  idPesquisaPergunta: number;
  idRespostas: number[];
}

const TX_OPTIONS = { maxWait: 20_000, timeout: 20_000 };

const finalizada = (idPesquisa: number | null): PesquisaEstado => ({ idPesquisa, pergunta: null, finalizada: true });

/** The member's next unanswered question (its options in ordem), or null when all are answered. */
async function proximaPergunta(db: Tx, pesquisaId: number, participacaoId: number | null): Promise<(PesquisaPergunta & { maxRespostas: number }) | null> {
  // Two plain queries, no nested load: inside a transaction they share one connection.
  const pergunta = await db.pesquisaPergunta.findFirst({
    where: { pesquisaId, ...(participacaoId !== null ? { respostas: { none: { participacaoId } } } : {}) },
    orderBy: { ordem: 'asc' },
  });
  if (!pergunta) return null;
  const opcoes = await db.pesquisaPerguntaResposta.findMany({ where: { perguntaId: pergunta.id }, orderBy: { ordem: 'asc' } });
  return {
    idPesquisaPergunta: pergunta.id,
    descricao: pergunta.descricao,
    maxRespostas: pergunta.maxRespostas,
    respostas: opcoes.map((o) => ({ idPesquisaPerguntaResposta: o.id, descricao: o.descricao })),
  };
}

const semLimite = ({ maxRespostas: _m, ...p }: PesquisaPergunta & { maxRespostas: number }): PesquisaPergunta => p;

/** GET /pesquisa. */
export async function estadoPersonalizacao(prisma: Db, usuario: { id: string; perfil: string | null }): Promise<PesquisaEstado> {
  const pesquisa = await pesquisaAtual(prisma, 'personalizacao');
  if (!pesquisa) return finalizada(null);
  if (usuario.perfil !== null) return finalizada(pesquisa.id);
  const part = await prisma.pesquisaParticipacao.findUnique({ where: { pesquisaId_usuarioId: { pesquisaId: pesquisa.id, usuarioId: usuario.id } } });
  if (part?.concluidaEm) return finalizada(pesquisa.id);
  const pergunta = await proximaPergunta(prisma, pesquisa.id, part?.id ?? null);
  return pergunta ? { idPesquisa: pesquisa.id, pergunta: semLimite(pergunta), finalizada: false } : finalizada(pesquisa.id);
}

/** POST /pesquisa: stores the answer of the current question and answers the next state. */
export async function responderPersonalizacao(prisma: Db, usuarioId: string, input: RespostaPersonalizacao): Promise<PesquisaEstado> {
  try {
    return await prisma.$transaction((tx) => responderEmTx(tx, usuarioId, input), TX_OPTIONS);
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof Prisma.PrismaClientKnownRequestError && (err.code === 'P2028' || err.code === 'P2034')) {
      throw new AppError('UNAVAILABLE', MSG.servicoIndisponivel, 'TENTE_NOVAMENTE');
    }
    throw err;
  }
}

async function responderEmTx(tx: Tx, usuarioId: string, input: RespostaPersonalizacao): Promise<PesquisaEstado> {
  const pesquisa = await tx.pesquisa.findFirst({ where: { id: input.idPesquisa, tipo: 'personalizacao', ativa: true } });
  if (!pesquisa) throw badRequest(PESQUISA_MSG.pesquisaInvalida, 'PESQUISA_INVALIDA');

  // The member's row first (FOR NO KEY UPDATE, the order every writer of usuario follows), then
  // the participation: concurrent answers of one member run one at a time.
  const [usuario] = await tx.$queryRaw<{ perfil: string | null }[]>`SELECT perfil FROM usuario WHERE id = ${usuarioId}::uuid FOR NO KEY UPDATE`;
  if (!usuario || usuario.perfil !== null) throw conflict(PESQUISA_MSG.pesquisaFinalizada, 'PESQUISA_FINALIZADA');
  const part = await travarParticipacao(tx, pesquisa.id, usuarioId);
  if (part.concluidaEm) throw conflict(PESQUISA_MSG.pesquisaFinalizada, 'PESQUISA_FINALIZADA');

  const atual = await proximaPergunta(tx, pesquisa.id, part.id);
  if (!atual) throw conflict(PESQUISA_MSG.pesquisaFinalizada, 'PESQUISA_FINALIZADA');
  if (atual.idPesquisaPergunta !== input.idPesquisaPergunta) {
    const existe = await tx.pesquisaPergunta.count({ where: { id: input.idPesquisaPergunta, pesquisaId: pesquisa.id } });
    if (existe === 0) throw badRequest(PESQUISA_MSG.perguntaInvalida, 'PERGUNTA_INVALIDA');
    throw conflict(PESQUISA_MSG.perguntaNaoAtual, 'PERGUNTA_NAO_ATUAL');
  }

  const ids = [...new Set(input.idRespostas)];
  if (ids.length > atual.maxRespostas) throw badRequest(PESQUISA_MSG.respostasDemais, 'RESPOSTAS_DEMAIS');
  const validas = new Set(atual.respostas.map((o) => o.idPesquisaPerguntaResposta));
  if (!ids.every((id) => validas.has(id))) throw badRequest(PESQUISA_MSG.respostaInvalida, 'RESPOSTA_INVALIDA');

  await tx.pesquisaRespostaUsuario.createMany({ data: ids.map((opcaoId) => ({ participacaoId: part.id, perguntaId: atual.idPesquisaPergunta, opcaoId })) });

  const proxima = await proximaPergunta(tx, pesquisa.id, part.id);
  if (proxima) return { idPesquisa: pesquisa.id, pergunta: semLimite(proxima), finalizada: false };

  // The last answer: perfil, participation, the member and the one-time credit, all or nothing.
  const escolhidas = await tx.$queryRaw<{ perfil: string | null }[]>`
    SELECT o.perfil
      FROM pesquisa_resposta_usuario r
      JOIN pesquisa_pergunta p ON p.id = r.pergunta_id
      JOIN pesquisa_pergunta_resposta o ON o.id = r.opcao_id
     WHERE r.participacao_id = ${part.id}
     ORDER BY p.ordem, o.ordem`;
  const perfil = perfilDaMaioria(escolhidas.map((e) => e.perfil));
  await tx.pesquisaParticipacao.update({ where: { id: part.id }, data: { concluidaEm: new Date(), perfil } });
  await tx.usuario.update({ where: { id: usuarioId }, data: { perfil } });
  await creditarEnriquecimentoPerfil(tx, usuarioId);
  return finalizada(pesquisa.id);
}
