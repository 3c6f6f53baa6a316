import type { ReactNode } from 'react';
import type { MemberLaunch } from '@legiao/contracts/lancamentos';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { LaunchComingSoon, LaunchPresale } from './launch-sections';

const HOUR = 3600_000;

function launch(over: Partial<MemberLaunch> = {}): MemberLaunch {
  return {
    slug: 'garrafa-aurora',
    nome: 'Garrafa Aurora',
    urlImagem: '/banners/lancamento-desktop.svg',
    abas: { sobre: 'Cores novas.', cores: [{ nome: 'Aurora', hex: '#f2a900' }], produtos: [] },
    acessoInicio: '2026-12-01T00:00:00.000-03:00',
    acessoFim: '2026-12-02T00:00:00.000-03:00',
    dataPublica: '2026-12-05T10:00:00.000-03:00',
    fusoHorario: 'America/Sao_Paulo',
    cotaPorMembro: 2,
    elegivel: true,
    motivos: [],
    abreEm: new Date(Date.now() + 50 * HOUR).toISOString(),
    emJanela: false,
    acesso: null,
    aviso: { pedido: false, avisadoEm: null, emailConsentido: true },
    ...over,
  };
}

const draw = (ui: ReactNode) => render(<AppProviders queryClient={createQueryClient()}>{ui}</AppProviders>);

describe('a launch on the home', () => {
  it('eligible, before the window: their opening in São Paulo time, a silent countdown and the calendar button', () => {
    draw(<LaunchPresale launch={launch()} />);
    const card = screen.getByRole('region', { name: 'Acesso antecipado Garrafa Aurora' });
    expect(card.textContent).toContain('Seu acesso antecipado abre em');
    expect(within(card).getByRole('timer', { name: 'Tempo até o seu acesso antecipado a Garrafa Aurora' }).getAttribute('aria-live')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Adicionar à agenda: Garrafa Aurora' })).toBeTruthy();
    expect(within(card).queryByText(/Seu código/)).toBeNull();
  });

  it('eligible, in the window: the code to copy, the store link and the units left', () => {
    draw(<LaunchPresale launch={launch({ emJanela: true, acesso: { codigo: 'LGA-ABCDEFGH23', link: 'https://loja.legiao.dev/?acesso=LGA-ABCDEFGH23', cotaRestante: 1 } })} />);
    expect(screen.getByText('LGA-ABCDEFGH23')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copiar código LGA-ABCDEFGH23' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Comprar com meu acesso/ }).getAttribute('href')).toBe('https://loja.legiao.dev/?acesso=LGA-ABCDEFGH23');
    expect(screen.getByText('Você ainda pode comprar 1 unidade no acesso antecipado.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Adicionar à agenda/ })).toBeNull();
    expect(screen.getByText(/está aberto até 02\/12\/2026 às 00:00/)).toBeTruthy();
  });

  it('not eligible: the hints that depend on the member and the public date', () => {
    const reasons = [
      { tipo: 'publico', atendida: true, descricao: 'Legionário com a conta em dia.', dica: null },
      { tipo: 'comprasVerificadas', atendida: false, descricao: 'Ao menos 2 compras verificadas.', dica: 'Tenha 2 compras verificadas (você tem 1).' },
    ];
    draw(<LaunchPresale launch={launch({ elegivel: false, motivos: reasons })} />);
    const card = screen.getByRole('region', { name: 'Pré-venda Garrafa Aurora' });
    expect(card.textContent).toContain('Você ainda não tem acesso antecipado.');
    expect(card.textContent).toContain('Abre para todos em 05/12/2026 às 10:00 (horário de Brasília).');
    expect(within(card).getByRole('listitem').textContent).toBe('Tenha 2 compras verificadas (você tem 1).');
  });

  it('coming soon: its own region name, the tabs and the opening', () => {
    draw(<LaunchComingSoon launch={launch({ elegivel: false })} />);
    const section = screen.getByRole('region', { name: 'Em breve Garrafa Aurora' });
    expect(within(section).getByRole('tab', { name: 'Cores' })).toBeTruthy();
    expect(section.textContent).toContain('Abre para todos em 05/12/2026 às 10:00');
  });
});
