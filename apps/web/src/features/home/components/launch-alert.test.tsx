import type { MemberLaunch } from '@legiao/contracts/lancamentos';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../../app/providers';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { memberLaunchesQuery } from '../api/launches-query';
import { LaunchPresale } from './launch-sections';

// "Avise-me" on the home (docs/decisions/0049-launch-alert-waves.md): the consent asked inline when
// missing and sent in the same click; the answer replaces the launch's state; cancel.

const HOUR = 3600_000;
function launch(over: Partial<MemberLaunch> = {}): MemberLaunch {
  return {
    slug: 'garrafa-aurora',
    nome: 'Garrafa Aurora',
    urlImagem: '/banners/lancamento-desktop.svg',
    abas: { sobre: '', cores: [], produtos: [] },
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
    aviso: { pedido: false, avisadoEm: null, emailConsentido: false },
    ...over,
  };
}

/** Renders the launch from the query's cache, as the home does, so the mutation's update shows. */
function draw(l: MemberLaunch) {
  const client = createQueryClient();
  client.setQueryData(memberLaunchesQuery().queryKey, [l]);
  const Card = () => <LaunchPresale launch={client.getQueryData(memberLaunchesQuery().queryKey)![0]!} />;
  const view = render(
    <AppProviders queryClient={client}>
      <Card />
    </AppProviders>,
  );
  client.getQueryCache().subscribe(() => view.rerender(<AppProviders queryClient={client}><Card /></AppProviders>));
  return client;
}

afterEach(() => vi.unstubAllGlobals());

describe('Avise-me', () => {
  it('without the e-mail consent: asks for it inline, refuses to send without it, then sends both in one call', async () => {
    const fetch = mockFetch(() => jsonResponse({ pedido: true, avisadoEm: null, emailConsentido: true }));
    draw(launch());
    const card = screen.getByRole('region', { name: 'Acesso antecipado Garrafa Aurora' });
    const button = within(card).getByRole('button', { name: 'Avise-me por e-mail quando abrir: Garrafa Aurora' });
    fireEvent.click(button);
    expect(within(card).getByRole('alert').textContent).toBe('Para receber o aviso por e-mail, marque que aceita receber e-mails da Legião.');
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.click(within(card).getByLabelText(/Aceito receber e-mails da Legião/));
    fireEvent.click(button);
    await waitFor(() => expect(within(card).getByRole('status').textContent).toContain('Vamos avisar por e-mail'));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/lancamentos/garrafa-aurora/aviso');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ consentirEmail: true });
    expect(within(card).getByRole('button', { name: 'Cancelar o aviso de Garrafa Aurora' })).toBeTruthy();
  });

  it('with the consent: no question, an empty body; cancel goes back', async () => {
    const fetch = mockFetch((_url, init) => jsonResponse({ pedido: init.method === 'POST', avisadoEm: null, emailConsentido: true }));
    draw(launch({ aviso: { pedido: false, avisadoEm: null, emailConsentido: true } }));
    expect(screen.queryByLabelText(/Aceito receber e-mails/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Avise-me por e-mail/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancelar o aviso de Garrafa Aurora' })).toBeTruthy());
    expect(JSON.parse(String(fetch.mock.calls[0]![1].body))).toEqual({});
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar o aviso de Garrafa Aurora' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Avise-me por e-mail/ })).toBeTruthy());
    expect(fetch.mock.calls[1]![1].method).toBe('DELETE');
  });

  it('the server\'s refusal is shown; nothing for a member not eligible or in the window', async () => {
    mockFetch(() => jsonResponse({ errors: [{ message: 'O seu acesso antecipado a este lançamento já abriu: veja o seu código no portal.' }] }, 409));
    draw(launch({ aviso: { pedido: false, avisadoEm: null, emailConsentido: true } }));
    fireEvent.click(screen.getByRole('button', { name: /Avise-me por e-mail/ }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('já abriu'));
  });

  it('is not offered to a member who is not eligible', () => {
    draw(launch({ elegivel: false }));
    expect(screen.queryByRole('button', { name: /Avise-me/ })).toBeNull();
  });
});
