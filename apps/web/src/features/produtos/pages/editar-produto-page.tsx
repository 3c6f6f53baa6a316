import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-error';
import { BackButton, BackLink } from '../../../shared/ui/back-link';
import { Loader } from '../../../shared/ui/loader';
import { useGrupoProdutoCliente } from '../api/get-produtos-cliente';
import { useProduto } from '../api/get-produto';
import { EdicaoProduto } from '../components/edicao-produto';
import '../produtos.css';

/**
 * /editar-produto/{id}: id is the catalogue product of one of the member's groups; clicou=true
 * (from a card's Ver mais) makes Voltar return to where the card was.
 */
export function EditarProdutoPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const idProduto = Number(id);
  const valido = Number.isInteger(idProduto) && idProduto > 0;
  const produto = useProduto(idProduto, { enabled: valido });
  const grupo = useGrupoProdutoCliente(idProduto, { enabled: valido });

  const voltar =
    params.get('clicou') === 'true' && location.key !== 'default' ? (
      <BackButton onClick={() => void navigate(-1)} />
    ) : (
      <BackLink to="/produtos" />
    );

  const naoEncontrado = !valido || (produto.error instanceof ApiError && produto.error.status === 404) || grupo.data === null;
  if (naoEncontrado) {
    return (
      <main id="conteudo" className="page page--narrow">
        {voltar}
        <h1 className="page__title">Produto não encontrado</h1>
        <p className="page__text">Este produto não está na sua coleção.</p>
        <Link className="button" to="/produtos">
          Ver Minha Coleção
        </Link>
      </main>
    );
  }

  const falhou = produto.isError || grupo.isError;
  return (
    <main id="conteudo" className="page editar-produto">
      {voltar}
      {falhou ? (
        <div className="catalogo__aviso">
          <h1 className="page__title">Editar produto</h1>
          <p>Não foi possível carregar o produto.</p>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => {
              void produto.refetch();
              void grupo.refetch();
            }}
          >
            Tentar novamente
          </button>
        </div>
      ) : produto.data && grupo.data ? (
        <EdicaoProduto produto={produto.data} grupo={grupo.data} />
      ) : (
        <Loader />
      )}
    </main>
  );
}
