import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-error';
import { BackButton, BackLink } from '../../../shared/ui/back-link';
import { Loader } from '../../../shared/ui/loader';
import { useMemberProductGroup } from '../api/get-member-products';
import { useProduct } from '../api/get-product';
import { ProductEdit } from '../components/product-edit';
import '../produtos.css';

/**
 * /editar-produto/{id}: id is the catalogue product of one of the member's groups; clicou=true
 * (from a card's Ver mais) makes Voltar return to where the card was.
 */
export function EditProductPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const productId = Number(id);
  const valid = Number.isInteger(productId) && productId > 0;
  const product = useProduct(productId, { enabled: valid });
  const group = useMemberProductGroup(productId, { enabled: valid });

  const back =
    params.get('clicou') === 'true' && location.key !== 'default' ? (
      <BackButton onClick={() => void navigate(-1)} />
    ) : (
      <BackLink to="/produtos" />
    );

  const notFound = !valid || (product.error instanceof ApiError && product.error.status === 404) || group.data === null;
  if (notFound) {
    return (
      <main id="conteudo" className="page page--narrow">
        {back}
        <h1 className="page__title">Produto não encontrado</h1>
        <p className="page__text">Este produto não está na sua coleção.</p>
        <Link className="button" to="/produtos">
          Ver Minha Coleção
        </Link>
      </main>
    );
  }

  const failed = product.isError || group.isError;
  return (
    <main id="conteudo" className="page editar-produto">
      {back}
      {failed ? (
        <div className="catalogo__aviso">
          <h1 className="page__title">Editar produto</h1>
          <p>Não foi possível carregar o produto.</p>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => {
              void product.refetch();
              void group.refetch();
            }}
          >
            Tentar novamente
          </button>
        </div>
      ) : product.data && group.data ? (
        <ProductEdit produto={product.data} grupo={group.data} />
      ) : (
        <Loader />
      )}
    </main>
  );
}
