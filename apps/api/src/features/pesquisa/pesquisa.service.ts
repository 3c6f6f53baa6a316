import { MSG } from '@legiao/contracts';
import { SURVEY_MSG, type SurveyState, type SurveyQuestion } from '@legiao/contracts/pesquisa';
import { AppError, badRequest, conflict } from '../../errors/app-error.js';
import { Prisma, type Db } from '../../db/prisma.js';
import { creditProfileEnrichment } from '../ledger/ledger.service.js';
import { currentSurvey, lockParticipation } from './participation.js';
import { majorityProfile } from './perfil.js';

// The personalisation survey (spec 001 sections 2.16 and 4): one question at a time, the next being
// the lowest ordem the member has not answered. The last answer sets Usuario.perfil (perfilDefinido)
// and credits 'Enriquecimento de Perfil' in the same transaction. It is taken once: a member whose
// perfil is defined (by this survey or otherwise) gets the finished state. docs/decisions/0014-pesquisas.md

type Tx = Prisma.TransactionClient;

export interface PersonalisationAnswer {
  idPesquisa: number;
  idPesquisaPergunta: number;
  idRespostas: number[];
}

const TX_OPTIONS = { maxWait: 20_000, timeout: 20_000 };

const finished = (surveyId: number | null): SurveyState => ({ idPesquisa: surveyId, pergunta: null, finalizada: true });

/** The member's next unanswered question (its options in ordem), or null when all are answered. */
async function nextQuestion(db: Tx, surveyId: number, participationId: number | null): Promise<(SurveyQuestion & { maxRespostas: number }) | null> {
  // Two plain queries, no nested load: inside a transaction they share one connection.
  const question = await db.pesquisaPergunta.findFirst({
    where: { pesquisaId: surveyId, ...(participationId !== null ? { respostas: { none: { participacaoId: participationId } } } : {}) },
    orderBy: { ordem: 'asc' },
  });
  if (!question) return null;
  const options = await db.pesquisaPerguntaResposta.findMany({ where: { perguntaId: question.id }, orderBy: { ordem: 'asc' } });
  return {
    idPesquisaPergunta: question.id,
    descricao: question.descricao,
    maxRespostas: question.maxRespostas,
    respostas: options.map((o) => ({ idPesquisaPerguntaResposta: o.id, descricao: o.descricao })),
  };
}

const withoutLimit = ({ maxRespostas: _m, ...p }: SurveyQuestion & { maxRespostas: number }): SurveyQuestion => p;

/** GET /pesquisa. */
export async function personalisationState(prisma: Db, user: { id: string; perfil: string | null }): Promise<SurveyState> {
  const survey = await currentSurvey(prisma, 'personalizacao');
  if (!survey) return finished(null);
  if (user.perfil !== null) return finished(survey.id);
  const part = await prisma.pesquisaParticipacao.findUnique({ where: { pesquisaId_usuarioId: { pesquisaId: survey.id, usuarioId: user.id } } });
  if (part?.concluidaEm) return finished(survey.id);
  const question = await nextQuestion(prisma, survey.id, part?.id ?? null);
  return question ? { idPesquisa: survey.id, pergunta: withoutLimit(question), finalizada: false } : finished(survey.id);
}

/** POST /pesquisa: stores the answer of the current question and answers the next state. */
export async function answerPersonalisation(prisma: Db, userId: string, input: PersonalisationAnswer): Promise<SurveyState> {
  try {
    return await prisma.$transaction((tx) => answerInTx(tx, userId, input), TX_OPTIONS);
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof Prisma.PrismaClientKnownRequestError && (err.code === 'P2028' || err.code === 'P2034')) {
      throw new AppError('UNAVAILABLE', MSG.servicoIndisponivel, 'TENTE_NOVAMENTE');
    }
    throw err;
  }
}

async function answerInTx(tx: Tx, userId: string, input: PersonalisationAnswer): Promise<SurveyState> {
  const survey = await tx.pesquisa.findFirst({ where: { id: input.idPesquisa, tipo: 'personalizacao', ativa: true } });
  if (!survey) throw badRequest(SURVEY_MSG.pesquisaInvalida, 'PESQUISA_INVALIDA');

  // The member's row first (FOR NO KEY UPDATE, the order every writer of usuario follows), then
  // the participation: concurrent answers of one member run one at a time.
  const [user] = await tx.$queryRaw<{ perfil: string | null }[]>`SELECT perfil FROM usuario WHERE id = ${userId}::uuid FOR NO KEY UPDATE`;
  if (!user || user.perfil !== null) throw conflict(SURVEY_MSG.pesquisaFinalizada, 'PESQUISA_FINALIZADA');
  const part = await lockParticipation(tx, survey.id, userId);
  if (part.concluidaEm) throw conflict(SURVEY_MSG.pesquisaFinalizada, 'PESQUISA_FINALIZADA');

  const current = await nextQuestion(tx, survey.id, part.id);
  if (!current) throw conflict(SURVEY_MSG.pesquisaFinalizada, 'PESQUISA_FINALIZADA');
  if (current.idPesquisaPergunta !== input.idPesquisaPergunta) {
    const exists = await tx.pesquisaPergunta.count({ where: { id: input.idPesquisaPergunta, pesquisaId: survey.id } });
    if (exists === 0) throw badRequest(SURVEY_MSG.perguntaInvalida, 'PERGUNTA_INVALIDA');
    throw conflict(SURVEY_MSG.perguntaNaoAtual, 'PERGUNTA_NAO_ATUAL');
  }

  const ids = [...new Set(input.idRespostas)];
  if (ids.length > current.maxRespostas) throw badRequest(SURVEY_MSG.respostasDemais, 'RESPOSTAS_DEMAIS');
  const validOnes = new Set(current.respostas.map((o) => o.idPesquisaPerguntaResposta));
  if (!ids.every((id) => validOnes.has(id))) throw badRequest(SURVEY_MSG.respostaInvalida, 'RESPOSTA_INVALIDA');

  await tx.pesquisaRespostaUsuario.createMany({ data: ids.map((optionId) => ({ participacaoId: part.id, perguntaId: current.idPesquisaPergunta, opcaoId: optionId })) });

  const next = await nextQuestion(tx, survey.id, part.id);
  if (next) return { idPesquisa: survey.id, pergunta: withoutLimit(next), finalizada: false };

  // The last answer: perfil, participation, the member and the one-time credit, all or nothing.
  const chosen = await tx.$queryRaw<{ perfil: string | null }[]>`
    SELECT o.perfil
      FROM pesquisa_resposta_usuario r
      JOIN pesquisa_pergunta p ON p.id = r.pergunta_id
      JOIN pesquisa_pergunta_resposta o ON o.id = r.opcao_id
     WHERE r.participacao_id = ${part.id}
     ORDER BY p.ordem, o.ordem`;
  const profile = majorityProfile(chosen.map((e) => e.perfil));
  await tx.pesquisaParticipacao.update({ where: { id: part.id }, data: { concluidaEm: new Date(), perfil: profile } });
  await tx.usuario.update({ where: { id: userId }, data: { perfil: profile } });
  await creditProfileEnrichment(tx, userId);
  return finished(survey.id);
}
