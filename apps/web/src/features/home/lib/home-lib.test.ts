import type { BannerHome } from '@legiao/contracts/banner';
import { describe, expect, it } from 'vitest';
import { whiteMenu } from '../../../shared/layout/app-header';
import { chooseHero } from './choose-hero';
import { mainButton, roleOf } from './perfil';

const banner = (id: number, profile: BannerHome['perfil'], lead: boolean | null): BannerHome => ({
  id,
  nome: `b${id}`,
  perfil: profile,
  lead,
  urlImagemMobile: `/m${id}.svg`,
  urlImagemDesktop: `/d${id}.svg`,
  textoAlternativo: '',
});

describe('escolherHero', () => {
  const all = [banner(1, 'geral', null), banner(2, 'funcional', false), banner(3, 'outsider', false), banner(4, 'geral', true), banner(5, 'estiloso', null)];

  it("prefers the member's perfil, then the exact audience, then 'geral'", () => {
    expect(chooseHero(all, { perfil: 'funcional', lead: false })?.id).toBe(2);
    expect(chooseHero(all, { perfil: 'estiloso', lead: false })?.id).toBe(5);
    expect(chooseHero(all, { perfil: 'geral', lead: false })?.id).toBe(1);
    expect(chooseHero(all, { perfil: 'geral', lead: true })?.id).toBe(4);
  });

  it("never shows a banner meant for the other audience", () => {
    expect(chooseHero([banner(2, 'funcional', false)], { perfil: 'funcional', lead: true })).toBeUndefined();
    expect(chooseHero([banner(4, 'geral', true)], { perfil: 'geral', lead: false })).toBeUndefined();
    expect(chooseHero([banner(3, 'outsider', null)], { perfil: 'funcional', lead: false })).toBeUndefined();
  });
});

describe('botaoPrincipal', () => {
  it("'Responder pesquisa!' with the survey hash when the profile is complete and defined", () => {
    expect(mainButton({ perfilCompleto: true, perfilDefinido: true, hashPesquisaSatisfacao: 'a b' })).toEqual({
      texto: 'Responder pesquisa!',
      para: '/pesquisa-de-satisfacao?hash=a%20b',
    });
  });

  it("'Personalizar o portal' otherwise: the survey first, then the profile", () => {
    expect(mainButton({ perfilCompleto: true, perfilDefinido: false, hashPesquisaSatisfacao: 'h' })).toEqual({ texto: 'Personalizar o portal', para: '/personalizar-portal' });
    expect(mainButton({ perfilCompleto: false, perfilDefinido: false, hashPesquisaSatisfacao: 'h' }).para).toBe('/personalizar-portal');
    expect(mainButton({ perfilCompleto: false, perfilDefinido: true, hashPesquisaSatisfacao: 'h' })).toEqual({ texto: 'Personalizar o portal', para: '/editar-perfil' });
  });
});

describe('papelDe and the white menu', () => {
  it('staff wins over lead, then lead, then member', () => {
    expect(roleOf({ colaborador: true, lead: true })).toBe('colaborador');
    expect(roleOf({ colaborador: false, lead: true })).toBe('lead');
    expect(roleOf({ colaborador: false, lead: false })).toBe('membro');
  });

  it('is white on /home, /extrato, /beneficios and /friends-and-family only (any case, trailing slash)', () => {
    for (const p of ['/home', '/Extrato', '/beneficios/', '/friends-and-family']) expect(whiteMenu(p)).toBe(true);
    for (const p of ['/produtos', '/editar-perfil', '/indicacoes', '/minhas-conquistas', '/']) expect(whiteMenu(p)).toBe(false);
  });
});
