import { Link, useRoutes } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CATALOGUE_CONSTANTS, type ProductAdmin } from '@legiao/contracts/admin/catalogo';
import { DataTable, notifyError, notifySuccess, PageHeader, SelectFilter, TextFilter, useListParams, useStaff, type AdminColumn } from '../ui/index';
import { activateProduct, catalogueQueryKey, useCatalogueQuery, useOptionsQuery } from './api/catalogue-api';
import { ProductForm } from './components/product-form';
import '../ordenacao/formularios.css';
import './catalogo.css';

/** /admin/catalogo/*: the list, and novo / :id. */
export function CatalogueArea() {
  return useRoutes([
    { index: true, element: <CataloguePage /> },
    { path: 'novo', element: <ProductForm /> },
    { path: ':id', element: <ProductForm /> },
  ]);
}

const FILTERS = ['q', 'categoria', 'ativo'] as const;
const n = new Intl.NumberFormat('pt-BR');

function CataloguePage() {
  const params = useListParams(FILTERS, { ordem: 'nome' });
  const q = useCatalogueQuery(params.query);
  const options = useOptionsQuery();
  const queryClient = useQueryClient();
  const canEdit = useStaff().can('content.write');

  const toggle = async (p: ProductAdmin) => {
    try {
      await activateProduct(p.id, !p.ativo);
      await queryClient.invalidateQueries({ queryKey: catalogueQueryKey });
      notifySuccess(p.ativo ? 'Produto desativado: saiu do catálogo.' : 'Produto ativado: voltou ao catálogo.');
    } catch (e) {
      notifyError(e);
    }
  };

  const columns: AdminColumn<ProductAdmin>[] = [
    { id: 'img', header: () => <span className="visually-hidden">Imagem</span>, cell: ({ row }) => <img className="catalogo-miniatura" src={row.original.img} alt="" width={40} height={40} loading="lazy" /> },
    {
      id: 'nome',
      accessorFn: (p) => p.nome,
      header: 'Produto',
      enableSorting: true,
      cell: ({ row }) => (
        <span className="catalogo-nome">
          <Link to={String(row.original.id)}>{row.original.nome}</Link>
          <small>{row.original.moldura ?? 'Sem moldura'}</small>
        </span>
      ),
    },
    { id: 'sku', accessorFn: (p) => p.sku, header: 'SKU', enableSorting: true, cell: ({ row }) => <code>{row.original.sku}</code> },
    { id: 'categoria', accessorFn: (p) => p.categoria, header: 'Categoria · linha', enableSorting: true, cell: ({ row }) => `${row.original.categoria} · ${row.original.subcategoria}` },
    {
      id: 'numerosAtribuidos',
      accessorFn: (p) => p.numerosAtribuidos,
      header: 'Números da Legião',
      enableSorting: true,
      cell: ({ row }) => (
        <span title={`${n.format(row.original.numerosRestantes)} restantes`}>
          {n.format(row.original.numerosAtribuidos)} / {n.format(CATALOGUE_CONSTANTS.LEGIAO_TOTAL)}
        </span>
      ),
    },
    { id: 'entradas', header: 'Nas coleções', cell: ({ row }) => n.format(row.original.entradas) },
    {
      id: 'ativo',
      header: 'Situação',
      cell: ({ row }) =>
        canEdit ? (
          <button type="button" role="switch" aria-checked={row.original.ativo} className={`admin-btn admin-btn--pequeno catalogo-chave${row.original.ativo ? ' catalogo-chave--ativo' : ''}`} onClick={() => void toggle(row.original)} aria-label={`Ativo: ${row.original.nome}`}>
            {row.original.ativo ? 'Ativo' : 'Inativo'}
          </button>
        ) : (
          <span className={`admin-selo ${row.original.ativo ? 'admin-selo--verde' : ''}`}>{row.original.ativo ? 'Ativo' : 'Inativo'}</span>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Catálogo"
        description="Os produtos que os membros encontram e adicionam à coleção. Desativar tira do catálogo e da busca; quem já tem continua vendo."
        actions={
          canEdit && (
            <Link className="admin-btn admin-btn--primario catalogo-novo" to="novo">
              Novo produto
            </Link>
          )
        }
      />
      <div className="admin-filtros">
        <TextFilter label="Buscar (nome ou SKU)" value={params.filters.q} onChange={(v) => params.setFilter('q', v)} />
        <SelectFilter label="Categoria" value={params.filters.categoria} onChange={(v) => params.setFilter('categoria', v)} allLabel="Todas" options={CATALOGUE_CONSTANTS.CATEGORIAS.map((c) => ({ value: c, label: c }))} />
        <SelectFilter
          label="Situação"
          value={params.filters.ativo}
          onChange={(v) => params.setFilter('ativo', v)}
          options={[
            { value: 'true', label: 'Ativos' },
            { value: 'false', label: 'Inativos' },
          ]}
        />
      </div>
      <DataTable caption="Produtos do catálogo" columns={columns} page={q.data} isLoading={q.isFetching} error={q.error} onRetry={() => void q.refetch()} params={params} getRowId={(p) => String(p.id)} />
      <details className="catalogo-escolhas">
        <summary>O que os membros escolhem ao adicionar um produto</summary>
        <div className="catalogo-escolhas__colunas">
          <div>
            <h2>Categorias e linhas</h2>
            <ul>
              {(options.data?.categorias ?? []).map((c) => (
                <li key={c.categoria}>
                  <strong>{c.categoria}</strong>: {c.subcategorias.length ? c.subcategorias.join(', ') : 'nenhuma linha ainda'}
                </li>
              ))}
            </ul>
            <p>Vêm dos produtos ativos: uma linha nova aparece quando um produto a usa.</p>
          </div>
          <div>
            <h2>Onde comprou</h2>
            <ul>
              {(options.data?.locaisCompra ?? []).map((l) => (
                <li key={l.value}>{l.label}</li>
              ))}
            </ul>
            <p>Lista fixa da especificação (spec 001, seção 9); “Outro” pede o nome do lugar.</p>
          </div>
        </div>
      </details>
    </>
  );
}
