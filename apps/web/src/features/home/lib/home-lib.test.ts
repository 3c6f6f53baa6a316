import type { BannerHome } from '@legiao/contracts/banner';
import { describe, expect, it } from 'vitest';
import { menuBranco } from '../../../shared/layout/app-header';
import { escolherHero } from './escolher-hero';
import { botaoPrincipal, papelDe } from './perfil';

const banner = (id: number, perfil: BannerHome['perfil'], lead: boolean | null): BannerHome => ({
  id,
  nome: `b${id}`,
  perfil,
  lead,
  urlImagemMobile: `/m${id}.svg`,
  urlImagemDesktop: `/d${id}.svg`,
  textoAlternativo: '',
});

describe('escolherHero', () => {
  const todos = [banner(1, 'geral', null), banner(2, 'funcional', false), banner(3, 'outsider', false), banner(4, 'geral', true), banner(5, 'estiloso', null)];

  it("prefers the member's perfil, then the exact audience, then 'geral'", () => {
    expect(escolherHero(todos, { perfil: 'funcional', lead: false })?.id).toBe(2);
    expect(escolherHero(todos, { perfil: 'estiloso', lead: false })?.id).toBe(5);
    expect(escolherHero(todos, { perfil: 'geral', lead: false })?.id).toBe(1);
    expect(escolherHero(todos, { perfil: 'geral', lead: true })?.id).toBe(4);
  });

  it("never shows a banner meant for the other audience", () => {
    expect(escolherHero([banner(2, 'funcional', false)], { perfil: 'funcional', lead: true })).toBeUndefined();
    expect(escolherHero([banner(4, 'geral', true)], { perfil: 'geral', lead: false })).toBeUndefined();
    expect(escolherHero([banner(3, 'outsider', null)], { perfil: 'funcional', lead: false })).toBeUndefined();
  });
});

describe('botaoPrincipal', () => {
  it("'Responder pesquisa!' with the survey hash when the profile is complete and defined", () => {
    expect(botaoPrincipal({ perfilCompleto: true, perfilDefinido: true, hashPesquisaSatisfacao: 'a b' })).toEqual({
      texto: 'Responder pesquisa!',
      para: '/pesquisa-de-satisfacao?hash=a%20b',
    });
  });

  it("'Personalizar o portal' otherwise: the survey first, then the profile", () => {
    expect(botaoPrincipal({ perfilCompleto: true, perfilDefinido: false, hashPesquisaSatisfacao: 'h' })).toEqual({ texto: 'Personalizar o portal', para: '/personalizar-portal' });
    expect(botaoPrincipal({ perfilCompleto: false, perfilDefinido: false, hashPesquisaSatisfacao: 'h' }).para).toBe('/personalizar-portal');
    expect(botaoPrincipal({ perfilCompleto: false, perfilDefinido: true, hashPesquisaSatisfacao: 'h' })).toEqual({ texto: 'Personalizar o portal', para: '/editar-perfil' });
  });
});

describe('papelDe and the white menu', () => {
  it('staff wins over lead, then lead, then member', () => {
    expect(papelDe({ colaborador: true, lead: true })).toBe('colaborador');
    expect(papelDe({ colaborador: false, lead: true })).toBe('lead');
    expect(papelDe({ colaborador: false, lead: false })).toBe('membro');
  });

  it('is white on /home, /extrato, /beneficios and /friends-and-family only (any case, trailing slash)', () => {
    for (const p of ['/home', '/Extrato', '/beneficios/', '/friends-and-family']) expect(menuBranco(p)).toBe(true);
    for (const p of ['/produtos', '/editar-perfil', '/indicacoes', '/minhas-conquistas', '/']) expect(menuBranco(p)).toBe(false);
  });
});
