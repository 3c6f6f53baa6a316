import { STORAGE } from '@legiao/contracts/storage-keys';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { json, makeGroup, makeProduct, mockApi, page, route, type Call } from '../testing/fixtures';

const categories = [
  { categoria: 'Bar', subcategorias: ['Copo Térmico Cerveja 473ml'] },
  { categoria: 'Camping', subcategorias: ['Caneca Camping 350ml', 'Garrafa Térmica Camping 1,2L'] },
];
const bottle = makeProduct();
const cup = makeProduct({ id: 3, nome: 'Copo Térmico Cerveja 473ml Preto', categoria: 'Bar', subcategoria: 'Copo Térmico Cerveja 473ml', img: '/produtos/copo-termico-bar-preto.svg' });

/** A catalogue double: /produto/busca filters like the server (every word, case-insensitive). */
function catalogue(extra: Array<(c: Call) => Response | undefined> = []) {
  return mockApi(
    ...extra,
    route('GET', '/api/produto/categoria', () => json(categories)),
    route('GET', '/api/produto/busca', (c) => {
      const words = (c.params.get('q') ?? '').toLowerCase().split(' ').filter(Boolean);
      const cat = c.params.get('categoria');
      const sub = c.params.get('subcategoria');
      const items = [bottle, cup].filter(
        (p) =>
          words.every((w) => p.nome.toLowerCase().includes(w)) &&
          (!cat || p.categoria === cat) &&
          (!sub || p.subcategoria === sub),
      );
      return json(page(items));
    }),
    route('GET', '/api/produto/12', () => json(bottle)),
  );
}

const grade = () => screen.getByRole('list', { name: 'Produtos' });
const searches = (calls: Call[]) => calls.filter((c) => c.path === '/api/produto/busca');

describe('NovoProdutoPage', () => {
  beforeEach(() => localStorage.setItem(STORAGE.token, 'tok'));

  it('searches (debounced), filters, chooses a product and sends the free text that replaces Outro', async () => {
    const ui = userEvent.setup();
    const calls = catalogue([
      route('POST', '/api/produto/cliente', () => json({ message: 'Produto cadastrado com sucesso!', id: 'x', grupo: makeGroup() }, 201)),
    ]);
    renderApp('/novo-produto');

    expect(await screen.findByRole('heading', { name: 'Adicionar produto' })).toBeTruthy();
    expect(screen.getByText('Etapa 1 de 2')).toBeTruthy();
    expect(await within(await screen.findByRole('list', { name: 'Produtos' })).findByRole('button', { name: bottle.nome })).toBeTruthy();
    expect(within(grade()).getByRole('button', { name: cup.nome })).toBeTruthy();

    // Category and product selects both offer TODOS; the product list follows the category.
    const category = screen.getByLabelText('Categoria') as HTMLSelectElement;
    const product = screen.getByLabelText('Produto') as HTMLSelectElement;
    expect(category.value).toBe('TODOS');
    expect(product.value).toBe('TODOS');
    await waitFor(() => expect(within(category).getAllByRole('option').map((o) => o.textContent)).toEqual(['TODOS', 'Bar', 'Camping']));
    await ui.selectOptions(category, 'Bar');
    expect(within(product).getAllByRole('option').map((o) => o.textContent)).toEqual(['TODOS', 'Copo Térmico Cerveja 473ml']);
    await waitFor(() => expect(within(grade()).queryByRole('button', { name: bottle.nome })).toBeNull());
    expect(searches(calls).at(-1)!.params.get('categoria')).toBe('Bar');
    await ui.selectOptions(category, 'TODOS');

    // Typing fires one search after a pause, not one per key.
    const before = searches(calls).length;
    await ui.type(screen.getByLabelText('Buscar produto'), 'GARRAFA preto');
    await waitFor(() => expect(within(grade()).queryByRole('button', { name: cup.nome })).toBeNull());
    const after = searches(calls).slice(before);
    expect(after.length).toBeLessThanOrEqual(2);
    expect(after.at(-1)!.params.get('q')).toBe('GARRAFA preto');
    expect(after.at(-1)!.params.has('categoria')).toBe(false);

    await ui.click(within(grade()).getByRole('button', { name: bottle.nome }));
    expect(await screen.findByRole('heading', { name: 'Confirme seu produto' })).toBeTruthy();
    expect(screen.getByText('Etapa 2 de 2')).toBeTruthy();
    expect(screen.getByRole('heading', { name: bottle.nome })).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/produto/12')).toBe(true);

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
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await ui.type(screen.getByLabelText('Qual loja?'), 'Feira de Artesanato');
    await ui.click(screen.getByRole('button', { name: 'FINALIZAR' }));

    expect(await screen.findByRole('heading', { name: 'Produto cadastrado com sucesso!' })).toBeTruthy();
    expect(screen.getByText('Você já pode vê-lo em Minha Coleção.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver Minha Coleção' }).getAttribute('href')).toBe('/produtos');
    expect(screen.getByRole('link', { name: 'Ir para a home' }).getAttribute('href')).toBe('/home');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/api/produto/cliente');
    expect(post.body).toEqual({ idProduto: 12, localCompra: 'Feira de Artesanato', presente: false });
  });

  it("'Ganhei de presente' sets presente; a failed add shows the API's message", async () => {
    const ui = userEvent.setup();
    const calls = catalogue([
      route('POST', '/api/produto/cliente', () => json({ errors: [{ message: 'Produto não encontrado.' }] }, 404)),
    ]);
    renderApp('/novo-produto');
    await ui.click(await within(await screen.findByRole('list', { name: 'Produtos' })).findByRole('button', { name: bottle.nome }));
    await ui.selectOptions(await screen.findByLabelText('Onde você comprou?'), 'Ganhei de presente');
    await ui.click(screen.getByRole('button', { name: 'FINALIZAR' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Produto não encontrado.');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ idProduto: 12, localCompra: 'Ganhei de presente', presente: true });
    expect(screen.getByRole('heading', { name: 'Confirme seu produto' })).toBeTruthy();

    // Back to step 1 keeps the grid.
    await ui.click(screen.getByRole('button', { name: /Escolher outro produto/ }));
    expect(await within(grade()).findByRole('button', { name: cup.nome })).toBeTruthy();
  });

  it('says Nenhum resultado foi encontrado when the search finds nothing', async () => {
    const ui = userEvent.setup();
    catalogue();
    renderApp('/novo-produto');
    await within(await screen.findByRole('list', { name: 'Produtos' })).findByRole('button', { name: bottle.nome });
    await ui.type(screen.getByLabelText('Buscar produto'), 'chaleira');
    expect(await screen.findByText('Nenhum resultado foi encontrado')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Produtos' })).toBeNull();
  });
});
