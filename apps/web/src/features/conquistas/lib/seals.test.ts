import { describe, expect, it } from 'vitest';
import { makeAchievement } from '../testing/fixtures';
import { nextSeal, earnedSeals, experienceSeals, groupSeals, founderText } from './seals';

const earnings = (key: Parameters<typeof groupSeals>[0], level: number) =>
  groupSeals(key, level).map((s) => `${s.nome}:${s.earned ? 'sim' : 'não'}`);

describe('selosDoGrupo (tier unlocking)', () => {
  it('level 0 locks all three badges', () => {
    expect(earnings('nivelColecao', 0)).toEqual(['Iniciante:não', 'Mestre:não', 'Lendário:não']);
  });

  it('level n unlocks the first n, cumulatively', () => {
    expect(earnings('nivelTempo', 1)).toEqual(['Novato:sim', 'Veterano:não', 'Legionário:não']);
    expect(earnings('nivelIndicacao', 2)).toEqual(['Recrutador:sim', 'Influenciador:sim', 'Embaixador:não']);
    expect(earnings('nivelColecao', 3)).toEqual(['Iniciante:sim', 'Mestre:sim', 'Lendário:sim']);
  });

  it('each badge has its own art', () => {
    expect(groupSeals('nivelIndicacao', 0).map((s) => s.imagem)).toEqual([
      '/conquistas/indicacao-1.svg',
      '/conquistas/indicacao-2.svg',
      '/conquistas/indicacao-3.svg',
    ]);
  });
});

describe('proximoSelo (progress toward the next tier)', () => {
  it('counts what is missing from progresso and the thresholds', () => {
    const c = makeAchievement({ nivelColecao: 1, progresso: { diasDeLegiao: 10, indicacoesConfirmadas: 0, produtosNaColecao: 2 } });
    expect(nextSeal('nivelColecao', c)).toEqual({ nome: 'Mestre', atual: 2, target: 5, texto: 'Faltam 3 produtos para Mestre.' });
    expect(nextSeal('nivelTempo', c)?.texto).toBe('Faltam 170 dias para Veterano.');
    expect(nextSeal('nivelIndicacao', c)?.texto).toBe('Falta 1 indicação confirmada para Recrutador.');
  });

  it('is null once the group is complete', () => {
    expect(nextSeal('nivelColecao', makeAchievement({ nivelColecao: 3 }))).toBeNull();
  });
});

describe('textoFundador (founder rule)', () => {
  it('shows the member number when there is one', () => {
    expect(founderText({ numeroLegionario: 1, membroFundador: true })).toEqual({ titulo: 'Membro fundador', numero: '#0001/1913' });
    expect(founderText({ numeroLegionario: 742, membroFundador: false })).toEqual({ titulo: 'Membro fundador', numero: '#0742/1913' });
  });

  it('plain founder text with only membroFundador, nothing otherwise', () => {
    expect(founderText({ numeroLegionario: null, membroFundador: true })).toEqual({ titulo: 'Membro fundador', numero: null });
    expect(founderText({ numeroLegionario: null, membroFundador: false })).toBeNull();
  });
});

describe('earned seals', () => {
  it('event badges are earned only for the events in experiencias', () => {
    const events = experienceSeals(['jerseyBoys', 'preBlack']);
    expect(events).toHaveLength(8);
    expect(events.filter((s) => s.earned).map((s) => s.nome)).toEqual(['Quatro Vozes', 'Pré Black']);
  });

  it('lists founder, profile, unlocked tiers and events in order', () => {
    const c = makeAchievement({ numeroLegionario: 1, perfil: 'outsider', nivelTempo: 2, nivelColecao: 1, experiencias: ['aniversario'] });
    expect(earnedSeals(c).map((s) => s.nome)).toEqual(['Membro fundador', 'Outdoor', 'Novato', 'Veterano', 'Iniciante', 'Ano1']);
  });
});
