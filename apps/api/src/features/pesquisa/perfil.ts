import { PERFIS_PESQUISA, type PerfilPesquisa } from '@legiao/contracts/pesquisa';

// The personalisation result: the perfil most answers point to. A tie goes to the tied perfil that
// was chosen first (the earliest question): the opening questions ask about the member's routine,
// the later ones about details. Answers without a perfil don't vote; no vote at all gives 'geral'.
// docs/decisions/0014-pesquisas.md

const ehPerfil = (p: string | null): p is PerfilPesquisa => p !== null && (PERFIS_PESQUISA as readonly string[]).includes(p);

/** `perfis`: the perfil of each chosen option, in question order. */
export function perfilDaMaioria(perfis: ReadonlyArray<string | null>): PerfilPesquisa | 'geral' {
  const votos = perfis.filter(ehPerfil);
  if (votos.length === 0) return 'geral';
  const contagem = new Map<PerfilPesquisa, number>();
  for (const p of votos) contagem.set(p, (contagem.get(p) ?? 0) + 1);
  const max = Math.max(...contagem.values());
  // votos keeps question order, so the first perfil reaching the max is the earliest chosen.
  return votos.find((p) => contagem.get(p) === max)!;
}
