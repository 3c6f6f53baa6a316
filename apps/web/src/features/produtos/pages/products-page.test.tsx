import { STORAGE } from '@legiao/contracts/storage-keys';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { json, makeGroup, makeItem, mockApi, route } from '../testing/fixtures';

const cup = makeGroup({ id: 7, nome: 'Copo Térmico Cerveja 473ml Preto', categoria: 'Bar', img: '' }, [
  makeItem({ produtoValidado: true, quantidade: 2, legionario: true, codigoLegionario: 42, codigosLegionario: [42, 43] }),
]);
const bottle = makeGroup({ id: 9, nome: 'Garrafa Legião 1913', moldura: 'Legião 1913' }, [makeItem()]);
const kids = makeGroup({ id: 11, nome: 'Garrafinha Kids Rosa', categoria: 'Youth' }, [
  makeItem({ produtoValidado: true, quantidadePresente: 1, compradoParaPresente: true, codigoLegionario: 5, codigosLegionario: [5] }),
]);

function lists(collection: unknown[], gifts: unknown[]) {
  return route('GET', '/api/produto/cliente', (c) => json(c.params.get('lista') === 'presentes' ? gifts : collection));
}

describe('ProdutosPage', () => {
  beforeEach(() => localStorage.setItem(STORAGE.token, 'tok'));

  it('counts in the plural, lists the collection cards and the gifts with VER MAIS', async () => {
    const calls = mockApi(lists([cup, bottle], [kids]));
    renderApp('/produtos');

    expect(await screen.findByRole('heading', { level: 1, name: 'Todos os meus produtos' })).toBeTruthy();
    expect(await screen.findByText('2 Produtos')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Adicionar produto' }).getAttribute('href')).toBe('/novo-produto');

    const grade = screen.getByRole('list', { name: 'Meus produtos' });
    const cupCard = within(grade).getByRole('article', { name: cup.nome });
    expect(within(cupCard).getByText('2 unidades')).toBeTruthy();
    expect(within(cupCard).getByText('0042/1913')).toBeTruthy();
    expect(within(cupCard).getByRole('img', { name: 'Compra verificada' })).toBeTruthy();
    expect(within(cupCard).getByText('Bar')).toBeTruthy();
    // No image: the default drawing.
    expect(cupCard.querySelector('img')!.getAttribute('src')).toBe('/produtos/sem-imagem.svg');
    expect(within(cupCard).getByRole('link', { name: 'Ver mais' }).getAttribute('href')).toBe('/editar-produto/7?clicou=true');

    const bottleCard = within(grade).getByRole('article', { name: bottle.nome });
    expect(within(bottleCard).getByText('Legião 1913')).toBeTruthy();
    expect(within(bottleCard).queryByText(/unidades/)).toBeNull();
    expect(within(bottleCard).queryByText(/\/1913$/)).toBeNull();

    const gifts = screen.getByRole('region', { name: 'Meus presentes' });
    const cardKids = within(gifts).getByRole('article', { name: kids.nome });
    expect(within(cardKids).getByRole('img', { name: 'Presente' })).toBeTruthy();
    expect(within(cardKids).getByText('0005/1913')).toBeTruthy();
    expect(within(cardKids).getByRole('link', { name: 'VER MAIS' }).getAttribute('href')).toBe('/editar-produto/11?clicou=true');

    const requestedLists = calls.filter((c) => c.path === '/api/produto/cliente').map((c) => c.params.get('lista'));
    expect(requestedLists.sort()).toEqual(['colecao', 'presentes']);
  });

  it('says 1 Produto in the singular', async () => {
    mockApi(lists([bottle], []));
    renderApp('/produtos');
    expect(await screen.findByText('1 Produto')).toBeTruthy();
  });

  it('empty lists say Nenhum resultado foi encontrado', async () => {
    mockApi(lists([], []));
    renderApp('/produtos');
    expect(await screen.findByText('0 Produtos')).toBeTruthy();
    expect(await screen.findAllByText('Nenhum resultado foi encontrado')).toHaveLength(2);
    expect(screen.queryByRole('article')).toBeNull();
  });
});

describe('MinhaColecaoSection on /home', () => {
  beforeEach(() => localStorage.setItem(STORAGE.token, 'tok'));

  it('shows the count, the carousel of cards and the two buttons', async () => {
    mockApi(lists([cup, bottle, kids], []));
    renderApp('/home');
    const section = await screen.findByRole('region', { name: 'Minha coleção' });
    expect(await within(section).findByText('3 Produtos')).toBeTruthy();
    const carousel = within(section).getByRole('group', { name: 'Minha coleção' });
    expect(within(carousel).getAllByRole('article')).toHaveLength(3);
    expect(within(section).getByRole('link', { name: 'Adicionar produto' }).getAttribute('href')).toBe('/novo-produto');
    expect(within(section).getByRole('link', { name: 'Todos os produtos' }).getAttribute('href')).toBe('/produtos');
    expect(within(section).queryByRole('link', { name: 'Resgate 15% Off*' })).toBeNull();
  });

  it('offers a lead with no products the 15% discount', async () => {
    mockApi(
      route('GET', '/api/usuario/logged', () => json(makeUser({ lead: true }))),
      lists([], []),
    );
    renderApp('/home');
    const link = await screen.findByRole('link', { name: 'Resgate 15% Off*' });
    expect(link.getAttribute('href')).toBe('/beneficios');
    expect(screen.getByText('0 Produtos')).toBeTruthy();
  });
});
