import { STORAGE } from '@legiao/contracts/storage-keys';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { json, makeGrupo, makeProduto, mockApi, pagina, rota, type Chamada } from '../testing/fixtures';

const categorias = [
  { categoria: 'Bar', subcategorias: ['Copo Térmico Cerveja 473ml'] },
  { categoria: 'Camping', subcategorias: ['Caneca Camping 350ml', 'Garrafa Térmica Camping 1,2L'] },
];
const garrafa = makeProduto();
const copo = makeProduto({ id: 3, nome: 'Copo Térmico Cerveja 473ml Preto', categoria: 'Bar', subcategoria: 'Copo Térmico Cerveja 473ml', img: '/produtos/copo-termico-bar-preto.svg' });

/** A catalogue double: /produto/busca filters like the server (every word, case-insensitive). */
function catalogo(extra: Array<(c: Chamada) => Response | undefined> = []) {
  return mockApi(
    ...extra,
    rota('GET', '/api/produto/categoria', () => json(categorias)),
    rota('GET', '/api/produto/busca', (c) => {
      const palavras = (c.params.get('q') ?? '').toLowerCase().split(' ').filter(Boolean);
      const cat = c.params.get('categoria');
      const sub = c.params.get('subcategoria');
      const items = [garrafa, copo].filter(
        (p) =>
          palavras.every((w) => p.nome.toLowerCase().includes(w)) &&
          (!cat || p.categoria === cat) &&
          (!sub || p.subcategoria === sub),
      );
      return json(pagina(items));
    }),
    rota('GET', '/api/produto/12', () => json(garrafa)),
  );
}

const grade = () => screen.getByRole('list', { name: 'Produtos' });
const buscas = (chamadas: Chamada[]) => chamadas.filter((c) => c.path === '/api/produto/busca');

describe('NovoProdutoPage', () => {
  beforeEach(() => localStorage.setItem(STORAGE.token, 'tok'));

  it('searches (debounced), filters, chooses a product and sends the free text that replaces Outro', async () => {
    const ui = userEvent.setup();
    const chamadas = catalogo([
      rota('POST', '/api/produto/cliente', () => json({ message: 'Produto cadastrado com sucesso!', id: 'x', grupo: makeGrupo() }, 201)),
    ]);
    renderApp('/novo-produto');

    expect(await screen.findByRole('heading', { name: 'Adicionar produto' })).toBeTruthy();
    expect(screen.getByText('Etapa 1 de 2')).toBeTruthy();
    expect(await within(await screen.findByRole('list', { name: 'Produtos' })).findByRole('button', { name: garrafa.nome })).toBeTruthy();
    expect(within(grade()).getByRole('button', { name: copo.nome })).toBeTruthy();

    // Category and product selects both offer TODOS; the product list follows the category.
    const categoria = screen.getByLabelText('Categoria') as HTMLSelectElement;
    const produto = screen.getByLabelText('Produto') as HTMLSelectElement;
    expect(categoria.value).toBe('TODOS');
    expect(produto.value).toBe('TODOS');
    await waitFor(() => expect(within(categoria).getAllByRole('option').map((o) => o.textContent)).toEqual(['TODOS', 'Bar', 'Camping']));
    await ui.selectOptions(categoria, 'Bar');
    expect(within(produto).getAllByRole('option').map((o) => o.textContent)).toEqual(['TODOS', 'Copo Térmico Cerveja 473ml']);
    await waitFor(() => expect(within(grade()).queryByRole('button', { name: garrafa.nome })).toBeNull());
    expect(buscas(chamadas).at(-1)!.params.get('categoria')).toBe('Bar');
    await ui.selectOptions(categoria, 'TODOS');

    // Typing fires one search after a pause, not one per key.
    const antes = buscas(chamadas).length;
    await ui.type(screen.getByLabelText('Buscar produto'), 'GARRAFA preto');
    await waitFor(() => expect(within(grade()).queryByRole('button', { name: copo.nome })).toBeNull());
    const depois = buscas(chamadas).slice(antes);
    expect(depois.length).toBeLessThanOrEqual(2);
    expect(depois.at(-1)!.params.get('q')).toBe('GARRAFA preto');
    expect(depois.at(-1)!.params.has('categoria')).toBe(false);

    await ui.click(within(grade()).getByRole('button', { name: garrafa.nome }));
    expect(await screen.findByRole('heading', { name: 'Confirme seu produto' })).toBeTruthy();
    expect(screen.getByText('Etapa 2 de 2')).toBeTruthy();
    expect(screen.getByRole('heading', { name: garrafa.nome })).toBeTruthy();
    expect(chamadas.some((c) => c.path === '/api/produto/12')).toBe(true);

    const local = screen.getByLabelText('Onde você comprou?') as HTMLSelectElement;
    expect(within(local).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Selecione',
      'Loja Física',
      'Amazon',
      'Mercado Livre',
      'Americanas',
      'Submarino',
      'Magalu',
      'Ganhei de presente',
      'Não lembro',
      'Outro',
    ]);
    await ui.click(screen.getByRole('button', { name: 'FINALIZAR' }));
    expect(await screen.findByText('Informe onde você comprou.')).toBeTruthy();

    expect(screen.queryByLabelText('Qual loja?')).toBeNull();
    await ui.selectOptions(local, 'Outro');
    await ui.click(screen.getByRole('button', { name: 'FINALIZAR' }));
    expect(await screen.findByText('Informe onde você comprou.')).toBeTruthy();
    expect(chamadas.some((c) => c.method === 'POST')).toBe(false);

    await ui.type(screen.getByLabelText('Qual loja?'), 'Feira de Artesanato');
    await ui.click(screen.getByRole('button', { name: 'FINALIZAR' }));

    expect(await screen.findByRole('heading', { name: 'Produto cadastrado com sucesso!' })).toBeTruthy();
    expect(screen.getByText('Você já pode vê-lo em Minha Coleção.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver Minha Coleção' }).getAttribute('href')).toBe('/produtos');
    expect(screen.getByRole('link', { name: 'Ir para a home' }).getAttribute('href')).toBe('/home');
    const post = chamadas.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/api/produto/cliente');
    expect(post.body).toEqual({ idProduto: 12, localCompra: 'Feira de Artesanato', presente: false });
  });

  it("'Ganhei de presente' sets presente; a failed add shows the API's message", async () => {
    const ui = userEvent.setup();
    const chamadas = catalogo([
      rota('POST', '/api/produto/cliente', () => json({ errors: [{ message: 'Produto não encontrado.' }] }, 404)),
    ]);
    renderApp('/novo-produto');
    await ui.click(await within(await screen.findByRole('list', { name: 'Produtos' })).findByRole('button', { name: garrafa.nome }));
    await ui.selectOptions(await screen.findByLabelText('Onde você comprou?'), 'Ganhei de presente');
    await ui.click(screen.getByRole('button', { name: 'FINALIZAR' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Produto não encontrado.');
    expect(chamadas.find((c) => c.method === 'POST')!.body).toEqual({ idProduto: 12, localCompra: 'Ganhei de presente', presente: true });
    expect(screen.getByRole('heading', { name: 'Confirme seu produto' })).toBeTruthy();

    // Back to step 1 keeps the grid.
    await ui.click(screen.getByRole('button', { name: /Escolher outro produto/ }));
    expect(await within(grade()).findByRole('button', { name: copo.nome })).toBeTruthy();
  });

  it('says Nenhum resultado foi encontrado when the search finds nothing', async () => {
    const ui = userEvent.setup();
    catalogo();
    renderApp('/novo-produto');
    await within(await screen.findByRole('list', { name: 'Produtos' })).findByRole('button', { name: garrafa.nome });
    await ui.type(screen.getByLabelText('Buscar produto'), 'chaleira');
    expect(await screen.findByText('Nenhum resultado foi encontrado')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Produtos' })).toBeNull();
  });
});
