import { describe, expect, it } from 'vitest';
import { makeConquista } from '../testing/fixtures';
import { proximoSelo, selosConquistados, selosDeExperiencia, selosDoGrupo, textoFundador } from './selos';

const ganhos = (chave: Parameters<typeof selosDoGrupo>[0], nivel: number) =>
  selosDoGrupo(chave, nivel).map((s) => `${s.nome}:${s.conquistado ? 'sim' : 'não'}`);

describe('selosDoGrupo (tier unlocking)', () => {
  it('level 0 locks all three badges', () => {
    expect(ganhos('nivelColecao', 0)).toEqual(['Iniciante:não', 'Mestre:não', 'Lendário:não']);
  });

  it('level n unlocks the first n, cumulatively', () => {
    expect(ganhos('nivelTempo', 1)).toEqual(['Novato:sim', 'Veterano:não', 'Legionário:não']);
    expect(ganhos('nivelIndicacao', 2)).toEqual(['Recrutador:sim', 'Influenciador:sim', 'Embaixador:não']);
    expect(ganhos('nivelColecao', 3)).toEqual(['Iniciante:sim', 'Mestre:sim', 'Lendário:sim']);
  });

  it('each badge has its own art', () => {
    expect(selosDoGrupo('nivelIndicacao', 0).map((s) => s.imagem)).toEqual([
      '/conquistas/indicacao-1.svg',
      '/conquistas/indicacao-2.svg',
      '/conquistas/indicacao-3.svg',
    ]);
  });
});

describe('proximoSelo (progress toward the next tier)', () => {
  it('counts what is missing from progresso and the thresholds', () => {
    const c = makeConquista({ nivelColecao: 1, progresso: { diasDeLegiao: 10, indicacoesConfirmadas: 0, produtosNaColecao: 2 } });
    expect(proximoSelo('nivelColecao', c)).toEqual({ nome: 'Mestre', atual: 2, alvo: 5, texto: 'Faltam 3 produtos para Mestre.' });
    expect(proximoSelo('nivelTempo', c)?.texto).toBe('Faltam 170 dias para Veterano.');
    expect(proximoSelo('nivelIndicacao', c)?.texto).toBe('Falta 1 indicação confirmada para Recrutador.');
  });

  it('is null once the group is complete', () => {
    expect(proximoSelo('nivelColecao', makeConquista({ nivelColecao: 3 }))).toBeNull();
  });
});

describe('textoFundador (founder rule)', () => {
  it('shows the member number when there is one', () => {
    expect(textoFundador({ numeroLegionario: 1, membroFundador: true })).toEqual({ titulo: 'Membro fundador', numero: '#0001/1913' });
    expect(textoFundador({ numeroLegionario: 742, membroFundador: false })).toEqual({ titulo: 'Membro fundador', numero: '#0742/1913' });
  });

  it('plain founder text with only membroFundador, nothing otherwise', () => {
    expect(textoFundador({ numeroLegionario: null, membroFundador: true })).toEqual({ titulo: 'Membro fundador', numero: null });
    expect(textoFundador({ numeroLegionario: null, membroFundador: false })).toBeNull();
  });
});

describe('earned seals', () => {
  it('event badges are earned only for the events in experiencias', () => {
    const eventos = selosDeExperiencia(['jerseyBoys', 'preBlack']);
    expect(eventos).toHaveLength(8);
    expect(eventos.filter((s) => s.conquistado).map((s) => s.nome)).toEqual(['Quatro Vozes', 'Pré Black']);
  });

  it('lists founder, profile, unlocked tiers and events in order', () => {
    const c = makeConquista({ numeroLegionario: 1, perfil: 'outsider', nivelTempo: 2, nivelColecao: 1, experiencias: ['aniversario'] });
    expect(selosConquistados(c).map((s) => s.nome)).toEqual(['Membro fundador', 'Outdoor', 'Novato', 'Veterano', 'Iniciante', 'Ano1']);
  });
});
