import type { Db } from './prisma.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { TipoPesquisa } from '../generated/prisma/enums.js';

// The two surveys (docs/decisions/0014-pesquisas.md). Idempotent: surveys, questions and options are
// upserted by their stable keys (chave; survey + ordem; question + ordem), so a restart refreshes
// the texts and never duplicates, and the members' answers stay attached to the same rows.

type Tx = Prisma.TransactionClient;

interface OptionSeed {
  descricao: string;
  /** The free-text prompt when the option offers a box. */
  texto?: string;
  /** The text is required (negative or 'other' options; every option of questions 10 and 17). */
  requires?: boolean;
  perfil?: 'funcional' | 'outsider' | 'estiloso';
}
interface QuestionSeed {
  pagina: number;
  descricao: string;
  opcoes: OptionSeed[];
}

export const PERSONALISATION_KEY = 'personalizacao-2025';
export const SATISFACTION_KEY = 'satisfacao-2025';

/** Five questions; each option points to one perfil (the majority wins, ties go to the earliest). */
export const PERSONALISATION_QUESTIONS: QuestionSeed[] = [
  {
    pagina: 1,
    descricao: 'Qual destes momentos mais combina com o seu dia a dia?',
    opcoes: [
      { descricao: 'Treino, trabalho e uma rotina corrida', perfil: 'funcional' },
      { descricao: 'Trilha, praia ou um acampamento no fim de semana', perfil: 'outsider' },
      { descricao: 'Um café com amigos e um rolê pela cidade', perfil: 'estiloso' },
    ],
  },
  {
    pagina: 1,
    descricao: 'O que você mais valoriza em um copo ou garrafa?',
    opcoes: [
      { descricao: 'Manter a bebida gelada (ou quente) por horas', perfil: 'funcional' },
      { descricao: 'Aguentar qualquer aventura sem amassar', perfil: 'outsider' },
      { descricao: 'Design, cores e acabamento', perfil: 'estiloso' },
    ],
  },
  {
    pagina: 1,
    descricao: 'Onde o seu copo passa a maior parte do tempo?',
    opcoes: [
      { descricao: 'Na mesa do escritório ou na academia', perfil: 'funcional' },
      { descricao: 'Na mochila, no carro, na estrada', perfil: 'outsider' },
      { descricao: 'No bar, no café, nas fotos com a galera', perfil: 'estiloso' },
    ],
  },
  {
    pagina: 1,
    descricao: 'Qual benefício você mais gostaria de receber?',
    opcoes: [
      { descricao: 'Acesso antecipado aos lançamentos de alta performance', perfil: 'funcional' },
      { descricao: 'Ingressos para experiências ao ar livre', perfil: 'outsider' },
      { descricao: 'Edições de colaboração com artistas', perfil: 'estiloso' },
    ],
  },
  {
    pagina: 1,
    descricao: 'Como você descreveria o seu estilo?',
    opcoes: [
      { descricao: 'Prático: o que funciona, sem complicação', perfil: 'funcional' },
      { descricao: 'Aventureiro: sempre pronto para sair', perfil: 'outsider' },
      { descricao: 'Autêntico: gosto de ter a minha cara em tudo', perfil: 'estiloso' },
    ],
  },
];

/** Eighteen questions over the five pages; ordem = the position in this list (1..18). */
export const SATISFACTION_QUESTIONS: QuestionSeed[] = [
  // 1 Navegação e usabilidade
  { pagina: 1, descricao: 'Como você avalia a facilidade de navegar pelo portal?', opcoes: [{ descricao: 'Muito fácil' }, { descricao: 'Fácil' }, { descricao: 'Regular' }, { descricao: 'Difícil' }] },
  { pagina: 1, descricao: 'Você encontra com facilidade as informações que procura?', opcoes: [{ descricao: 'Sim, sempre' }, { descricao: 'Na maioria das vezes' }, { descricao: 'Raramente' }, { descricao: 'Nunca' }] },
  { pagina: 1, descricao: 'Você teve algum problema técnico ao usar o portal?', opcoes: [{ descricao: 'Não tive problemas' }, { descricao: 'Sim, tive problemas', texto: 'Qual?', requires: true }] },
  { pagina: 1, descricao: 'Por qual dispositivo você mais acessa o portal?', opcoes: [{ descricao: 'Celular' }, { descricao: 'Computador' }, { descricao: 'Tablet' }, { descricao: 'Outro', texto: 'Qual?', requires: true }] },
  // 2 Benefícios e Recompensas
  { pagina: 2, descricao: 'Como você avalia os benefícios oferecidos aos legionários?', opcoes: [{ descricao: 'Excelentes' }, { descricao: 'Bons' }, { descricao: 'Regulares' }, { descricao: 'Ruins' }] },
  { pagina: 2, descricao: 'Você já resgatou algum benefício?', opcoes: [{ descricao: 'Sim', texto: 'Como foi a experiência?' }, { descricao: 'Ainda não', texto: 'Qual foi o principal impeditivo?', requires: true }] },
  { pagina: 2, descricao: 'Os benefícios combinam com o seu estilo de vida?', opcoes: [{ descricao: 'Combinam muito' }, { descricao: 'Em parte' }, { descricao: 'Pouco', texto: 'Digite sobre' }, { descricao: 'Nada' }] },
  { pagina: 2, descricao: 'Que tipo de benefício você gostaria de ver no portal?', opcoes: [{ descricao: 'Descontos em produtos' }, { descricao: 'Ingressos para shows e eventos' }, { descricao: 'Acesso antecipado a lançamentos' }, { descricao: 'Outro', texto: 'Qual?', requires: true }] },
  // 3 Experiência com a Marca
  { pagina: 3, descricao: 'Como você avalia a qualidade dos produtos da marca?', opcoes: [{ descricao: 'Excelente' }, { descricao: 'Boa' }, { descricao: 'Regular', texto: 'Digite sobre', requires: true }, { descricao: 'Ruim', texto: 'Digite sobre', requires: true }] },
  {
    pagina: 3,
    descricao: 'Qual é o seu produto favorito da marca?',
    opcoes: [
      { descricao: 'Copo térmico', texto: 'O que diria sobre ele?', requires: true },
      { descricao: 'Garrafa', texto: 'O que diria sobre ele?', requires: true },
      { descricao: 'Caneca', texto: 'O que diria sobre ele?', requires: true },
      { descricao: 'Cuia e bomba', texto: 'O que diria sobre ele?', requires: true },
    ],
  },
  { pagina: 3, descricao: 'Com que frequência você usa os produtos da marca?', opcoes: [{ descricao: 'Todos os dias' }, { descricao: 'Algumas vezes por semana' }, { descricao: 'Raramente' }] },
  {
    pagina: 3,
    descricao: 'Você já precisou falar com o atendimento da marca?',
    opcoes: [{ descricao: 'Não precisei' }, { descricao: 'Sim, e fui bem atendido', texto: 'Como foi a experiência?' }, { descricao: 'Sim, e não fiquei satisfeito', texto: 'Como foi a experiência?', requires: true }],
  },
  // 4 Comunicação e Conteúdo
  { pagina: 4, descricao: 'Por onde você fica sabendo das novidades da marca?', opcoes: [{ descricao: 'E-mail' }, { descricao: 'Instagram' }, { descricao: 'Portal Legião' }, { descricao: 'Outro', texto: 'Qual?', requires: true }] },
  { pagina: 4, descricao: 'Como você avalia a frequência das nossas comunicações?', opcoes: [{ descricao: 'Adequada' }, { descricao: 'Poucas mensagens' }, { descricao: 'Mensagens demais' }] },
  { pagina: 4, descricao: 'Que conteúdos você gostaria de receber?', opcoes: [{ descricao: 'Lançamentos' }, { descricao: 'Dicas de uso e cuidados' }, { descricao: 'Eventos e experiências' }, { descricao: 'Outros', texto: 'Quais?' }] },
  // 5 Impacto Geral e Satisfação
  {
    pagina: 5,
    descricao: 'De 0 a 10, quanto você recomendaria a Legião a um amigo?',
    opcoes: [{ descricao: '9 ou 10' }, { descricao: '7 ou 8' }, { descricao: 'De 0 a 6', texto: 'O que precisaríamos melhorar para que você recomendasse?', requires: true }],
  },
  {
    pagina: 5,
    descricao: 'Você tem alguma sugestão para o portal?',
    opcoes: [
      { descricao: 'Sim, tenho uma sugestão', texto: 'Qual a sugestão?', requires: true },
      { descricao: 'Não, está ótimo assim', texto: 'Escreva aqui', requires: true },
    ],
  },
  {
    pagina: 5,
    descricao: 'No geral, qual o seu nível de satisfação com a Legião?',
    opcoes: [{ descricao: 'Muito satisfeito' }, { descricao: 'Satisfeito' }, { descricao: 'Insatisfeito', texto: 'Escreva aqui', requires: true }, { descricao: 'Muito insatisfeito', texto: 'Escreva aqui', requires: true }],
  },
];

async function upsertSurvey(tx: Tx, key: string, kind: TipoPesquisa, name: string, questions: QuestionSeed[]) {
  const survey = await tx.pesquisa.upsert({ where: { chave: key }, create: { chave: key, tipo: kind, nome: name }, update: { tipo: kind, nome: name } });
  for (const [i, p] of questions.entries()) {
    const order = i + 1;
    const question = await tx.pesquisaPergunta.upsert({
      where: { pesquisaId_ordem: { pesquisaId: survey.id, ordem: order } },
      create: { pesquisaId: survey.id, ordem: order, pagina: p.pagina, descricao: p.descricao },
      update: { pagina: p.pagina, descricao: p.descricao },
    });
    for (const [j, o] of p.opcoes.entries()) {
      const data = { descricao: o.descricao, complemento: o.texto !== undefined, exigeComplemento: o.requires ?? false, textoComplemento: o.texto ?? null, perfil: o.perfil ?? null };
      await tx.pesquisaPerguntaResposta.upsert({
        where: { perguntaId_ordem: { perguntaId: question.id, ordem: j + 1 } },
        create: { perguntaId: question.id, ordem: j + 1, ...data },
        update: data,
      });
    }
  }
  return survey;
}

/** Creates or refreshes both surveys. Serialised by an advisory lock: parallel seeds wait, never race. */
export async function seedSurveys(prisma: Db) {
  return prisma.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(1407202514)`;
      const personalisation = await upsertSurvey(tx, PERSONALISATION_KEY, 'personalizacao', 'Personalizar Portal', PERSONALISATION_QUESTIONS);
      const satisfaction = await upsertSurvey(tx, SATISFACTION_KEY, 'satisfacao', 'Pesquisa de satisfação 2025', SATISFACTION_QUESTIONS);
      return { personalizacao: personalisation, satisfacao: satisfaction };
    },
    { maxWait: 30_000, timeout: 60_000 },
  );
}
