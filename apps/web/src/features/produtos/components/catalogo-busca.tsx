import { TODOS, type CategoriaProduto } from '@legiao/contracts/produto';
import { useMemo } from 'react';
import { Loader } from '../../../shared/ui/loader';
import { SelectField } from '../../../shared/ui/select-field';
import { TextField } from '../../../shared/ui/text-field';
import { useBuscarProdutos, type BuscaProdutos } from '../api/buscar-produtos';
import { useCategorias } from '../api/get-categorias';
import { ProdutoImagem } from './produto-imagem';
import { useDebouncedValue } from './use-debounced-value';

export const BUSCA_INICIAL: BuscaProdutos = { q: '', categoria: TODOS, subcategoria: TODOS };

/** The product (subcategory) options: the chosen category's, or every category's for TODOS. */
function subcategoriasDe(categorias: CategoriaProduto[], categoria: string): string[] {
  if (categoria !== TODOS) return categorias.find((c) => c.categoria === categoria)?.subcategorias ?? [];
  return [...new Set(categorias.flatMap((c) => c.subcategorias))].sort((a, b) => a.localeCompare(b, 'pt-BR'));
}

interface CatalogoBuscaProps {
  busca: BuscaProdutos;
  onBuscaChange: (busca: BuscaProdutos) => void;
  onEscolher: (id: number) => void;
  /** The product being loaded after a click: the grid waits for it. */
  escolhendo: number | null;
}

/**
 * Step 1 of /novo-produto: search box (debounced; the server wants every word in the name),
 * category and product selects with TODOS, and a grid of product cards to choose from.
 */
export function CatalogoBusca({ busca, onBuscaChange, onEscolher, escolhendo }: CatalogoBuscaProps) {
  const categorias = useCategorias();
  const debounced = useDebouncedValue(busca.q, 300);
  const resultado = useBuscarProdutos({ ...busca, q: debounced });
  const subcategorias = useMemo(() => subcategoriasDe(categorias.data ?? [], busca.categoria), [categorias.data, busca.categoria]);
  const produtos = resultado.data?.pages.flatMap((p) => p.items) ?? [];
  const total = resultado.data?.pages[0]?.total ?? 0;

  function mudarCategoria(categoria: string) {
    const ainda = categoria === TODOS || subcategoriasDe(categorias.data ?? [], categoria).includes(busca.subcategoria);
    onBuscaChange({ ...busca, categoria, subcategoria: ainda ? busca.subcategoria : TODOS });
  }

  return (
    <div className="catalogo">
      <form className="catalogo__filtros" role="search" onSubmit={(e) => e.preventDefault()}>
        <TextField
          label="Buscar produto"
          type="search"
          placeholder="Ex.: garrafa preta"
          autoComplete="off"
          maxLength={100}
          className="catalogo__busca"
          value={busca.q}
          onChange={(e) => onBuscaChange({ ...busca, q: e.target.value })}
        />
        <SelectField label="Categoria" value={busca.categoria} onChange={(e) => mudarCategoria(e.target.value)}>
          <option value={TODOS}>TODOS</option>
          {(categorias.data ?? []).map((c) => (
            <option key={c.categoria} value={c.categoria}>
              {c.categoria}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Produto"
          value={busca.subcategoria}
          onChange={(e) => onBuscaChange({ ...busca, subcategoria: e.target.value })}
        >
          <option value={TODOS}>TODOS</option>
          {subcategorias.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
      </form>

      {resultado.isPending ? <Loader label="Carregando produtos..." /> : null}
      {resultado.isError && !resultado.data ? (
        <div className="catalogo__aviso">
          <p>Não foi possível carregar os produtos.</p>
          <button type="button" className="button button--ghost button--small" onClick={() => void resultado.refetch()}>
            Tentar novamente
          </button>
        </div>
      ) : null}
      {resultado.data ? (
        <>
          <p className="catalogo__total" role="status">
            {total === 0 ? 'Nenhum resultado foi encontrado' : `${total} ${total === 1 ? 'produto encontrado' : 'produtos encontrados'}`}
          </p>
          {produtos.length > 0 ? (
            <ul className="catalogo__grade" aria-label="Produtos" aria-busy={resultado.isFetching && !resultado.isFetchingNextPage}>
              {produtos.map((p) => (
                <li key={p.id}>
                  <button
                    type="button"
                    className="catalogo-card"
                    onClick={() => onEscolher(p.id)}
                    disabled={escolhendo !== null}
                    aria-busy={escolhendo === p.id}
                  >
                    <ProdutoImagem className="catalogo-card__img" src={p.img} alt="" loading="lazy" width={200} height={200} />
                    <span className="catalogo-card__nome">{p.nome}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {resultado.hasNextPage ? (
            <button
              type="button"
              className="button button--ghost catalogo__mais"
              onClick={() => void resultado.fetchNextPage()}
              disabled={resultado.isFetchingNextPage}
            >
              Mostrar mais produtos
            </button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
