import type { EditProductInput, MemberProductGroup } from '@legiao/contracts/produto';
import { STORAGE } from '@legiao/contracts/storage-keys';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { json, makeGroup, makeItem, makeProduct, mockApi, route, type Call } from '../testing/fixtures';

/** The edit page's API: the product, the member's group and a PUT that applies the edit. */
function api(group: MemberProductGroup, extra: Array<(c: Call) => Response | undefined> = []) {
  let current = group;
  return mockApi(
    ...extra,
    route('GET', '/api/produto/12', () => json(makeProduct())),
    route('GET', '/api/produto/cliente', (c) => json(c.params.get('idProduto') === '12' ? [current] : [])),
    route('PUT', '/api/produto/cliente', (c) => {
      const input = c.body as EditProductInput;
      current = {
        ...current,
        produtos: current.produtos.map((i) => {
          if (i.id !== input.id) return i;
          const giftQuantity = input.quantidadePresente ?? (input.compradoParaPresente ? i.quantidade : i.quantidadePresente);
          return {
            ...i,
            presente: input.presente ?? i.presente,
            localCompra: input.localCompra ?? i.localCompra,
            dataCompra: (input.dataCompra as string | undefined) ?? i.dataCompra,
            quantidadePresente: giftQuantity,
            compradoParaPresente: input.compradoParaPresente ?? giftQuantity > 0,
          };
        }),
      };
      return json({ message: 'Produto atualizado com sucesso!', grupo: current });
    }),
  );
}

const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT').map((c) => c.body);
const dialog = () => screen.getByRole('dialog');

describe('EditarProdutoPage', () => {
  beforeEach(() => localStorage.setItem(STORAGE.token, 'tok'));

  it('a verified product: Comprei para presente (quantidade 1 in the single edit), no removal', async () => {
    const ui = userEvent.setup();
    const item = makeItem({ produtoValidado: true, localCompra: 'Site oficial', legionario: true, codigoLegionario: 42, codigosLegionario: [42] });
    const calls = api(makeGroup({}, [item]));
    renderApp('/editar-produto/12?clicou=true');

    expect(await screen.findByRole('heading', { level: 1, name: 'Garrafa Térmica Camping 1,2L Preto' })).toBeTruthy();
    expect(screen.getByText('Camping', { selector: '.categoria-badge' })).toBeTruthy();
    expect(screen.getByText('0042/1913')).toBeTruthy();
    expect(screen.getByText('Garrafa de aço inox para acampar.')).toBeTruthy();
    expect(screen.getByText('24 horas')).toBeTruthy();
    expect(screen.getByText('96 horas')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ganhei de presente' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remover produto' })).toBeNull();
    expect(screen.queryByRole('list', { name: /pedidos/i })).toBeNull();

    const gift = screen.getByRole('button', { name: 'Comprei para presente' });
    expect(gift.getAttribute('aria-pressed')).toBe('false');
    await ui.click(gift);

    expect(await screen.findByText('Produto atualizado com sucesso!')).toBeTruthy();
    expect(puts(calls)).toEqual([{ id: item.id, idProduto: 12, compradoParaPresente: true, quantidade: 1 }]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Comprei para presente' }).getAttribute('aria-pressed')).toBe('true'));
  });

  it('a manual product: Ganhei de presente, removal asks first and goes to /produtos', async () => {
    const ui = userEvent.setup();
    const item = makeItem();
    const calls = api(makeGroup({}, [item]), [
      route('DELETE', `/api/produto/cliente/${item.id}`, () => json({ message: 'Produto removido com sucesso!', removidos: 1 })),
      // /produtos after the removal: its lists are empty now.
      (c) => (c.path === '/api/produto/cliente' && c.params.has('lista') ? json([]) : undefined),
    ]);
    const { router } = renderApp('/editar-produto/12');

    const gift = await screen.findByRole('button', { name: 'Ganhei de presente' });
    expect(screen.queryByRole('button', { name: 'Comprei para presente' })).toBeNull();
    await ui.click(gift);
    expect(await screen.findByText('Produto atualizado com sucesso!')).toBeTruthy();
    expect(puts(calls)).toEqual([{ id: item.id, idProduto: 12, presente: true, quantidade: 1 }]);

    await ui.click(screen.getByRole('button', { name: 'Remover produto' }));
    expect(within(dialog()).getByRole('heading', { name: 'Remover produto?' })).toBeTruthy();
    await ui.click(within(dialog()).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await ui.click(screen.getByRole('button', { name: 'Remover produto' }));
    await ui.click(within(dialog()).getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText('Produto removido com sucesso!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/produtos'));
    const del = calls.find((c) => c.method === 'DELETE')!;
    expect(del.params.get('todos')).toBe('true');
  });

  it('several orders: the list, the order modal, and the gift quantity from 0 to the order quantity', async () => {
    const ui = userEvent.setup();
    const verified = makeItem({ produtoValidado: true, quantidade: 2, dataCompra: '2025-06-02', localCompra: 'Site oficial' });
    const manual = makeItem({ dataCompra: '2024-12-25', localCompra: 'Ganhei de presente', presente: true });
    const calls = api(makeGroup({}, [verified, manual]));
    renderApp('/editar-produto/12');

    expect(await screen.findByRole('region', { name: 'Meus pedidos' })).toBeTruthy();
    expect(screen.getByText('02/06/2025')).toBeTruthy();
    expect(screen.getByText('25/12/2024')).toBeTruthy();
    expect(screen.getByText('2 unidades')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: 'Compra verificada' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('img', { name: 'Ganhei de presente' })).toBeTruthy();
    // One entry is verified: the product can't be removed as a whole.
    expect(screen.queryByRole('button', { name: 'Remover produto' })).toBeNull();

    // The verified order: read-only place and date, no removal, gift quantity in its own modal.
    await ui.click(screen.getByRole('button', { name: 'Editar pedido de 02/06/2025' }));
    expect(within(dialog()).getByRole('button', { name: 'Fechar' })).toBeTruthy();
    expect(within(dialog()).queryByLabelText('Data da compra')).toBeNull();
    expect(within(dialog()).queryByRole('button', { name: 'Remover produto' })).toBeNull();
    await ui.click(within(dialog()).getByRole('button', { name: 'Comprei para presente' }));

    const quantity = await within(dialog()).findByLabelText('Quantidade para presente');
    expect(quantity.getAttribute('min')).toBe('0');
    expect(quantity.getAttribute('max')).toBe('2');
    await ui.clear(quantity);
    await ui.type(quantity, '3');
    await ui.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog()).findByText('A quantidade de presentes deve ficar entre 0 e a quantidade do pedido.')).toBeTruthy();
    await ui.clear(quantity);
    await ui.type(quantity, '-1');
    await ui.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog()).findByText('A quantidade de presentes deve ficar entre 0 e a quantidade do pedido.')).toBeTruthy();
    expect(puts(calls)).toEqual([]);
    await ui.clear(quantity);
    await ui.type(quantity, '2');
    await ui.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Produto atualizado com sucesso!')).toBeTruthy();
    expect(puts(calls)).toEqual([{ id: verified.id, idProduto: 12, quantidadePresente: 2, compradoParaPresente: true }]);
    expect(await screen.findByRole('img', { name: 'Comprei para presente' })).toBeTruthy();

    // The manual order: place and date editable, removal offered.
    await ui.click(screen.getByRole('button', { name: 'Editar pedido de 25/12/2024' }));
    expect(within(dialog()).getByRole('button', { name: 'Remover produto' })).toBeTruthy();
    expect((within(dialog()).getByLabelText('Data da compra') as HTMLInputElement).value).toBe('2024-12-25');
    expect((within(dialog()).getByLabelText('Onde você comprou?') as HTMLSelectElement).value).toBe('Ganhei de presente');
    await ui.selectOptions(within(dialog()).getByLabelText('Onde você comprou?'), 'Magalu');
    await ui.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]).toEqual({ id: manual.id, idProduto: 12, localCompra: 'Magalu', dataCompra: '2024-12-25', presente: false });
  });

  it("an order whose date is missing says 'Data inválida' and isn't saved until fixed", async () => {
    const ui = userEvent.setup();
    const a = makeItem({ dataCompra: '' });
    const b = makeItem({ dataCompra: '2025-01-20' });
    const calls = api(makeGroup({}, [a, b]));
    renderApp('/editar-produto/12');

    expect(await screen.findByText('Data inválida')).toBeTruthy();
    await ui.click(screen.getByRole('button', { name: 'Editar pedido de Data inválida' }));
    expect(await within(dialog()).findByText('Data inválida')).toBeTruthy();
    await ui.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    expect(puts(calls)).toEqual([]);

    const data = within(dialog()).getByLabelText('Data da compra');
    await ui.type(data, '2025-02-10');
    await ui.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]).toMatchObject({ id: a.id, dataCompra: '2025-02-10', localCompra: 'Amazon' });
  });

  it("shows the API's first error message when a save fails", async () => {
    const ui = userEvent.setup();
    mockApi(
      route('GET', '/api/produto/12', () => json(makeProduct())),
      route('GET', '/api/produto/cliente', () => json([makeGroup()])),
      route('PUT', '/api/produto/cliente', () => json({ errors: [{ message: 'Compras verificadas só podem ser marcadas como presente.' }, { message: 'outra' }] }, 400)),
    );
    renderApp('/editar-produto/12');
    await ui.click(await screen.findByRole('button', { name: 'Ganhei de presente' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Compras verificadas só podem ser marcadas como presente.');
  });

  it('gallery: thumbnails switch the image and a click opens the preview dialog', async () => {
    const ui = userEvent.setup();
    api(makeGroup());
    renderApp('/editar-produto/12');
    const main = await screen.findByRole('button', { name: 'Ampliar imagem 1 de 4' });
    expect(main.querySelector('img')!.getAttribute('src')).toBe('/produtos/garrafa-camping-preto.svg');
    await ui.click(screen.getByRole('button', { name: 'Ver imagem 3 de 4' }));
    expect(screen.getByRole('button', { name: 'Ampliar imagem 3 de 4' }).querySelector('img')!.getAttribute('src')).toBe(
      '/produtos/garrafa-camping-preto-3.svg',
    );
    await ui.click(screen.getByRole('button', { name: 'Ampliar imagem 3 de 4' }));
    expect(within(dialog()).getByRole('img', { name: /imagem 3 de 4/ })).toBeTruthy();
    await ui.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a product the member does not have is not found', async () => {
    mockApi(route('GET', '/api/produto/99', () => json(makeProduct({ id: 99 }))), route('GET', '/api/produto/cliente', () => json([])));
    renderApp('/editar-produto/99');
    expect(await screen.findByRole('heading', { name: 'Produto não encontrado' })).toBeTruthy();
  });
});
