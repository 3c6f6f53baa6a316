import { STORAGE } from '@legiao/contracts/storage-keys';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { json, makeGrupo, makeItem, mockApi, rota } from '../testing/fixtures';

const copo = makeGrupo({ id: 7, nome: 'Copo Térmico Cerveja 473ml Preto', categoria: 'Bar', img: '' }, [
  makeItem({ produtoValidado: true, quantidade: 2, legionario: true, codigoLegionario: 42, codigosLegionario: [42, 43] }),
]);
const garrafa = makeGrupo({ id: 9, nome: 'Garrafa Legião 1913', moldura: 'Legião 1913' }, [makeItem()]);
const kids = makeGrupo({ id: 11, nome: 'Garrafinha Kids Rosa', categoria: 'Youth' }, [
  makeItem({ produtoValidado: true, quantidadePresente: 1, compradoParaPresente: true, codigoLegionario: 5, codigosLegionario: [5] }),
]);

function listas(colecao: unknown[], presentes: unknown[]) {
  return rota('GET', '/api/produto/cliente', (c) => json(c.params.get('lista') === 'presentes' ? presentes : colecao));
}

describe('ProdutosPage', () => {
  beforeEach(() => localStorage.setItem(STORAGE.token, 'tok'));

  it('counts in the plural, lists the collection cards and the gifts with VER MAIS', async () => {
    const chamadas = mockApi(listas([copo, garrafa], [kids]));
    renderApp('/produtos');

    expect(await screen.findByRole('heading', { level: 1, name: 'Todos os meus produtos' })).toBeTruthy();
    expect(await screen.findByText('2 Produtos')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Adicionar produto' }).getAttribute('href')).toBe('/novo-produto');

    const grade = screen.getByRole('list', { name: 'Meus produtos' });
    const cardCopo = within(grade).getByRole('article', { name: copo.nome });
    expect(within(cardCopo).getByText('2 unidades')).toBeTruthy();
    expect(within(cardCopo).getByText('0042/1913')).toBeTruthy();
    expect(within(cardCopo).getByRole('img', { name: 'Compra verificada' })).toBeTruthy();
    expect(within(cardCopo).getByText('Bar')).toBeTruthy();
    // No image: the default drawing.
    expect(cardCopo.querySelector('img')!.getAttribute('src')).toBe('/produtos/sem-imagem.svg');
    expect(within(cardCopo).getByRole('link', { name: 'Ver mais' }).getAttribute('href')).toBe('/editar-produto/7?clicou=true');

    const cardGarrafa = within(grade).getByRole('article', { name: garrafa.nome });
    expect(within(cardGarrafa).getByText('Legião 1913')).toBeTruthy();
    expect(within(cardGarrafa).queryByText(/unidades/)).toBeNull();
    expect(within(cardGarrafa).queryByText(/\/1913$/)).toBeNull();

    const presentes = screen.getByRole('region', { name: 'Meus presentes' });
    const cardKids = within(presentes).getByRole('article', { name: kids.nome });
    expect(within(cardKids).getByRole('img', { name: 'Presente' })).toBeTruthy();
    expect(within(cardKids).getByText('0005/1913')).toBeTruthy();
    expect(within(cardKids).getByRole('link', { name: 'VER MAIS' }).getAttribute('href')).toBe('/editar-produto/11?clicou=true');

    const listasPedidas = chamadas.filter((c) => c.path === '/api/produto/cliente').map((c) => c.params.get('lista'));
    expect(listasPedidas.sort()).toEqual(['colecao', 'presentes']);
  });

  it('says 1 Produto in the singular', async () => {
    mockApi(listas([garrafa], []));
    renderApp('/produtos');
    expect(await screen.findByText('1 Produto')).toBeTruthy();
  });

  it('empty lists say Nenhum resultado foi encontrado', async () => {
    mockApi(listas([], []));
    renderApp('/produtos');
    expect(await screen.findByText('0 Produtos')).toBeTruthy();
    expect(await screen.findAllByText('Nenhum resultado foi encontrado')).toHaveLength(2);
    expect(screen.queryByRole('article')).toBeNull();
  });
});

describe('MinhaColecaoSection on /home', () => {
  beforeEach(() => localStorage.setItem(STORAGE.token, 'tok'));

  it('shows the count, the carousel of cards and the two buttons', async () => {
    mockApi(listas([copo, garrafa, kids], []));
    renderApp('/home');
    const secao = await screen.findByRole('region', { name: 'Minha coleção' });
    expect(await within(secao).findByText('3 Produtos')).toBeTruthy();
    const carrossel = within(secao).getByRole('group', { name: 'Minha coleção' });
    expect(within(carrossel).getAllByRole('article')).toHaveLength(3);
    expect(within(secao).getByRole('link', { name: 'Adicionar produto' }).getAttribute('href')).toBe('/novo-produto');
    expect(within(secao).getByRole('link', { name: 'Todos os produtos' }).getAttribute('href')).toBe('/produtos');
    expect(within(secao).queryByRole('link', { name: 'Resgate 15% Off*' })).toBeNull();
  });

  it('offers a lead with no products the 15% discount', async () => {
    mockApi(
      rota('GET', '/api/usuario/logged', () => json(makeUser({ lead: true }))),
      listas([], []),
    );
    renderApp('/home');
    const link = await screen.findByRole('link', { name: 'Resgate 15% Off*' });
    expect(link.getAttribute('href')).toBe('/beneficios');
    expect(screen.getByText('0 Produtos')).toBeTruthy();
  });
});
