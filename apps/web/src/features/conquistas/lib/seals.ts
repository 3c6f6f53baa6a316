import {
  EXPERIENCES,
  EXPERIENCE_NAME,
  SEAL_GROUPS,
  ACHIEVEMENT_THRESHOLDS,
  PROFILE_SEAL,
  type Experience,
} from '@legiao/contracts/conquista-constants';
import type { Achievement } from '@legiao/contracts/conquista';
import { formatMemberCode } from '../../produtos/lib/product-format';

/** What every badge on screen is: its art, its name, whether it is earned and what it means. */
export interface VisibleSeal {
  id: string;
  nome: string;
  descricao: string;
  imagem: string;
  earned: boolean;
}

export type GroupKey = (typeof SEAL_GROUPS)[number]['chave'];

const FOLDER = '/conquistas';
const FILE_GROUP: Record<GroupKey, string> = { nivelTempo: 'tempo', nivelIndicacao: 'indicacao', nivelColecao: 'colecao' };

/** Level 0 locks the whole group; level n unlocks its first n badges, cumulatively (spec 001 section 4). */
export function groupSeals(key: GroupKey, level: number): VisibleSeal[] {
  const group = SEAL_GROUPS.find((g) => g.chave === key)!;
  return group.selos.map((s) => ({
    id: `${FILE_GROUP[key]}-${s.nivel}`,
    nome: s.nome,
    descricao: s.descricao,
    imagem: `${FOLDER}/${FILE_GROUP[key]}-${s.nivel}.svg`,
    earned: s.nivel <= level,
  }));
}

const PROGRESS: Record<GroupKey, { atual: keyof Achievement['progresso']; thresholds: readonly number[]; unit: [string, string] }> = {
  nivelTempo: { atual: 'diasDeLegiao', thresholds: ACHIEVEMENT_THRESHOLDS.tempoDias, unit: ['dia', 'dias'] },
  nivelIndicacao: {
    atual: 'indicacoesConfirmadas',
    thresholds: ACHIEVEMENT_THRESHOLDS.indicacoesConfirmadas,
    unit: ['indicação confirmada', 'indicações confirmadas'],
  },
  nivelColecao: { atual: 'produtosNaColecao', thresholds: ACHIEVEMENT_THRESHOLDS.produtosNaColecao, unit: ['produto', 'produtos'] },
};

export interface NextSeal {
  nome: string;
  atual: number;
  target: number;
  /** 'Faltam 3 produtos para Mestre.' */
  texto: string;
}

/** The next badge of a group and how far the member is from it; null when the group is complete. */
export function nextSeal(key: GroupKey, achievement: Achievement): NextSeal | null {
  const level = achievement[key];
  const group = SEAL_GROUPS.find((g) => g.chave === key)!;
  const next = group.selos[level];
  if (!next) return null;
  const { atual: field, thresholds, unit } = PROGRESS[key];
  const target = thresholds[level]!;
  // The server decides the level; the counter only explains it, so it never shows more than the goal.
  const current = Math.min(Math.max(achievement.progresso[field], 0), target);
  const missing = Math.max(target - current, 0);
  const text =
    missing === 0
      ? `Quase lá: ${next.nome} aparece em instantes.`
      : `${missing === 1 ? 'Falta' : 'Faltam'} ${missing} ${unit[missing === 1 ? 0 : 1]} para ${next.nome}.`;
  return { nome: next.nome, atual: current, target, texto: text };
}

/** The founder banner's lines (spec 001 section 4): the member number when known, plain text otherwise. */
export function founderText(achievement: Pick<Achievement, 'numeroLegionario' | 'membroFundador'>): { titulo: string; numero: string | null } | null {
  if (achievement.numeroLegionario !== null) {
    return { titulo: 'Membro fundador', numero: `#${formatMemberCode(achievement.numeroLegionario)}` };
  }
  if (achievement.membroFundador) return { titulo: 'Membro fundador', numero: null };
  return null;
}

export function founderSeal(achievement: Pick<Achievement, 'numeroLegionario' | 'membroFundador'>): VisibleSeal | null {
  const text = founderText(achievement);
  if (!text) return null;
  return {
    id: 'fundador',
    nome: text.titulo,
    descricao: text.numero
      ? `Você está entre os primeiros da Legião. Seu número de legionário é ${text.numero}.`
      : 'Você está entre os primeiros da Legião.',
    imagem: `${FOLDER}/fundador.svg`,
    earned: true,
  };
}

export function profileSeal(profile: Achievement['perfil']): VisibleSeal | null {
  if (!profile) return null;
  return {
    id: `perfil-${profile}`,
    nome: PROFILE_SEAL[profile],
    descricao: `Seu perfil na Legião é ${PROFILE_SEAL[profile]}, escolhido ao personalizar o portal.`,
    imagem: `${FOLDER}/perfil-${profile}.svg`,
    earned: true,
  };
}

export function experienceSeals(experiences: readonly Experience[]): VisibleSeal[] {
  const earned = new Set(experiences);
  return EXPERIENCES.map((e) => ({
    id: `evento-${e}`,
    nome: EXPERIENCE_NAME[e],
    descricao: earned.has(e)
      ? `Você viveu a experiência ${EXPERIENCE_NAME[e]} com a Legião.`
      : `Resgate um benefício da experiência ${EXPERIENCE_NAME[e]} para ganhar este selo.`,
    imagem: `${FOLDER}/evento-${e}.svg`,
    earned: earned.has(e),
  }));
}

/** Everything the member has earned, in the order the home and the story image show it. */
export function earnedSeals(achievement: Achievement): VisibleSeal[] {
  return [
    founderSeal(achievement),
    profileSeal(achievement.perfil),
    ...SEAL_GROUPS.flatMap((g) => groupSeals(g.chave, achievement[g.chave])),
    ...experienceSeals(achievement.experiencias),
  ].filter((s): s is VisibleSeal => s !== null && s.earned);
}
