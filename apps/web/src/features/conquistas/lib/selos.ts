import {
  EXPERIENCIAS,
  EXPERIENCIA_NOME,
  GRUPOS_SELOS,
  LIMIARES_CONQUISTA,
  SELO_PERFIL,
  type Experiencia,
} from '@legiao/contracts/conquista-constantes';
import type { Conquista } from '@legiao/contracts/conquista';
import { formatCodigoLegionario } from '../../produtos/lib/produto-format';

/** What every badge on screen is: its art, its name, whether it is earned and what it means. */
export interface SeloVisivel {
  id: string;
  nome: string;
  descricao: string;
  imagem: string;
  conquistado: boolean;
}

export type ChaveGrupo = (typeof GRUPOS_SELOS)[number]['chave'];

const PASTA = '/conquistas';
const ARQUIVO_GRUPO: Record<ChaveGrupo, string> = { nivelTempo: 'tempo', nivelIndicacao: 'indicacao', nivelColecao: 'colecao' };

/** Level 0 locks the whole group; level n unlocks its first n badges, cumulatively (spec 001 section 4). */
export function selosDoGrupo(chave: ChaveGrupo, nivel: number): SeloVisivel[] {
  const grupo = GRUPOS_SELOS.find((g) => g.chave === chave)!;
  return grupo.selos.map((s) => ({
    id: `${ARQUIVO_GRUPO[chave]}-${s.nivel}`,
    nome: s.nome,
    descricao: s.descricao,
    imagem: `${PASTA}/${ARQUIVO_GRUPO[chave]}-${s.nivel}.svg`,
    conquistado: s.nivel <= nivel,
  }));
}

const PROGRESSO: Record<ChaveGrupo, { atual: keyof Conquista['progresso']; limiares: readonly number[]; unidade: [string, string] }> = {
  nivelTempo: { atual: 'diasDeLegiao', limiares: LIMIARES_CONQUISTA.tempoDias, unidade: ['dia', 'dias'] },
  nivelIndicacao: {
    atual: 'indicacoesConfirmadas',
    limiares: LIMIARES_CONQUISTA.indicacoesConfirmadas,
    unidade: ['indicação confirmada', 'indicações confirmadas'],
  },
  nivelColecao: { atual: 'produtosNaColecao', limiares: LIMIARES_CONQUISTA.produtosNaColecao, unidade: ['produto', 'produtos'] },
};

export interface ProximoSelo {
  nome: string;
  atual: number;
  alvo: number;
  /** 'Faltam 3 produtos para Mestre.' */
  texto: string;
}

/** The next badge of a group and how far the member is from it; null when the group is complete. */
export function proximoSelo(chave: ChaveGrupo, conquista: Conquista): ProximoSelo | null {
  const nivel = conquista[chave];
  const grupo = GRUPOS_SELOS.find((g) => g.chave === chave)!;
  const proximo = grupo.selos[nivel];
  if (!proximo) return null;
  const { atual: campo, limiares, unidade } = PROGRESSO[chave];
  const alvo = limiares[nivel]!;
  // The server decides the level; the counter only explains it, so it never shows more than the goal.
  const atual = Math.min(Math.max(conquista.progresso[campo], 0), alvo);
  const faltam = Math.max(alvo - atual, 0);
  const texto =
    faltam === 0
      ? `Quase lá: ${proximo.nome} aparece em instantes.`
      : `${faltam === 1 ? 'Falta' : 'Faltam'} ${faltam} ${unidade[faltam === 1 ? 0 : 1]} para ${proximo.nome}.`;
  return { nome: proximo.nome, atual, alvo, texto };
}

/** The founder banner's lines (spec 001 section 4): the member number when known, plain text otherwise. */
export function textoFundador(conquista: Pick<Conquista, 'numeroLegionario' | 'membroFundador'>): { titulo: string; numero: string | null } | null {
  if (conquista.numeroLegionario !== null) {
    return { titulo: 'Membro fundador', numero: `#${formatCodigoLegionario(conquista.numeroLegionario)}` };
  }
  if (conquista.membroFundador) return { titulo: 'Membro fundador', numero: null };
  return null;
}

export function seloFundador(conquista: Pick<Conquista, 'numeroLegionario' | 'membroFundador'>): SeloVisivel | null {
  const texto = textoFundador(conquista);
  if (!texto) return null;
  return {
    id: 'fundador',
    nome: texto.titulo,
    descricao: texto.numero
      ? `Você está entre os primeiros da Legião. Seu número de legionário é ${texto.numero}.`
      : 'Você está entre os primeiros da Legião.',
    imagem: `${PASTA}/fundador.svg`,
    conquistado: true,
  };
}

export function seloPerfil(perfil: Conquista['perfil']): SeloVisivel | null {
  if (!perfil) return null;
  return {
    id: `perfil-${perfil}`,
    nome: SELO_PERFIL[perfil],
    descricao: `Seu perfil na Legião é ${SELO_PERFIL[perfil]}, escolhido ao personalizar o portal.`,
    imagem: `${PASTA}/perfil-${perfil}.svg`,
    conquistado: true,
  };
}

export function selosDeExperiencia(experiencias: readonly Experiencia[]): SeloVisivel[] {
  const ganhas = new Set(experiencias);
  return EXPERIENCIAS.map((e) => ({
    id: `evento-${e}`,
    nome: EXPERIENCIA_NOME[e],
    descricao: ganhas.has(e)
      ? `Você viveu a experiência ${EXPERIENCIA_NOME[e]} com a Legião.`
      : `Resgate um benefício da experiência ${EXPERIENCIA_NOME[e]} para ganhar este selo.`,
    imagem: `${PASTA}/evento-${e}.svg`,
    conquistado: ganhas.has(e),
  }));
}

/** Everything the member has earned, in the order the home and the story image show it. */
export function selosConquistados(conquista: Conquista): SeloVisivel[] {
  return [
    seloFundador(conquista),
    seloPerfil(conquista.perfil),
    ...GRUPOS_SELOS.flatMap((g) => selosDoGrupo(g.chave, conquista[g.chave])),
    ...selosDeExperiencia(conquista.experiencias),
  ].filter((s): s is SeloVisivel => s !== null && s.conquistado);
}
