import { ALL, type ProductCategory } from '@legiao/contracts/produto';
import { useMemo } from 'react';
import { Loader } from '../../../shared/ui/loader';
import { SelectField } from '../../../shared/ui/select-field';
import { TextField } from '../../../shared/ui/text-field';
import { useProductSearch, type ProductSearch } from '../api/search-products';
import { useCategories } from '../api/get-categories';
import { ProductImage } from './product-image';
import { useDebouncedValue } from './use-debounced-value';

export const INITIAL_SEARCH: ProductSearch = { q: '', categoria: ALL, subcategoria: ALL };

/** The product (subcategory) options: the chosen category's, or every category's for TODOS. */
function subcategoriesOf(categories: ProductCategory[], category: string): string[] {
  if (category !== ALL) return categories.find((c) => c.categoria === category)?.subcategorias ?? [];
  return [...new Set(categories.flatMap((c) => c.subcategorias))].sort((a, b) => a.localeCompare(b, 'pt-BR'));
}

interface CatalogueSearchProps {
  busca: ProductSearch;
  onSearchChange: (search: ProductSearch) => void;
  onChoose: (id: number) => void;
  /** The product being loaded after a click: the grid waits for it. */
  choosing: number | null;
}

/**
 * Step 1 of /novo-produto: search box (debounced; the server wants every word in the name),
 * category and product selects with TODOS, and a grid of product cards to choose from.
 */
export function CatalogueSearch({ busca: search, onSearchChange, onChoose, choosing }: CatalogueSearchProps) {
  const categories = useCategories();
  const debounced = useDebouncedValue(search.q, 300);
  const result = useProductSearch({ ...search, q: debounced });
  const subcategories = useMemo(() => subcategoriesOf(categories.data ?? [], search.categoria), [categories.data, search.categoria]);
  const products = result.data?.pages.flatMap((p) => p.items) ?? [];
  const total = result.data?.pages[0]?.total ?? 0;

  function changeCategory(category: string) {
    const still = category === ALL || subcategoriesOf(categories.data ?? [], category).includes(search.subcategoria);
    onSearchChange({ ...search, categoria: category, subcategoria: still ? search.subcategoria : ALL });
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
          value={search.q}
          onChange={(e) => onSearchChange({ ...search, q: e.target.value })}
        />
        <SelectField label="Categoria" value={search.categoria} onChange={(e) => changeCategory(e.target.value)}>
          <option value={ALL}>TODOS</option>
          {(categories.data ?? []).map((c) => (
            <option key={c.categoria} value={c.categoria}>
              {c.categoria}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Produto"
          value={search.subcategoria}
          onChange={(e) => onSearchChange({ ...search, subcategoria: e.target.value })}
        >
          <option value={ALL}>TODOS</option>
          {subcategories.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
      </form>

      {result.isPending ? <Loader label="Carregando produtos..." /> : null}
      {result.isError && !result.data ? (
        <div className="catalogo__aviso">
          <p>Não foi possível carregar os produtos.</p>
          <button type="button" className="button button--ghost button--small" onClick={() => void result.refetch()}>
            Tentar novamente
          </button>
        </div>
      ) : null}
      {result.data ? (
        <>
          <p className="catalogo__total" role="status">
            {total === 0 ? 'Nenhum resultado foi encontrado' : `${total} ${total === 1 ? 'produto encontrado' : 'produtos encontrados'}`}
          </p>
          {products.length > 0 ? (
            <ul className="catalogo__grade" aria-label="Produtos" aria-busy={result.isFetching && !result.isFetchingNextPage}>
              {products.map((p) => (
                <li key={p.id}>
                  <button
                    type="button"
                    className="catalogo-card"
                    onClick={() => onChoose(p.id)}
                    disabled={choosing !== null}
                    aria-busy={choosing === p.id}
                  >
                    <ProductImage className="catalogo-card__img" src={p.img} alt="" loading="lazy" width={200} height={200} />
                    <span className="catalogo-card__nome">{p.nome}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {result.hasNextPage ? (
            <button
              type="button"
              className="button button--ghost catalogo__mais"
              onClick={() => void result.fetchNextPage()}
              disabled={result.isFetchingNextPage}
            >
              Mostrar mais produtos
            </button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
