import { Link, useRoutes } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { EmptyState, ErrorState, LoadingState, PageHeader } from '../ui/index';
import { useCouponsQuery } from './api/coupons-api';
import { BenefitCouponPage } from './benefit-coupon-page';
import { number } from './components/formatar';
import './cupons.css';

/** /admin/cupons/*: the list of code pools and, under /admin/cupons/{id}, one benefit's pool. */
export function CouponsArea() {
  return useRoutes([
    { index: true, element: <CouponsPage /> },
    { path: ':id', element: <BenefitCouponPage /> },
  ]);
}

function CouponsPage() {
  const q = useCouponsQuery();
  return (
    <>
      <PageHeader title="Cupons" description="Benefícios que entregam códigos de uma lista: estoque livre, resgatado e usado, e a importação de novos códigos." />
      {q.isPending ? (
        <LoadingState label="Carregando os estoques..." />
      ) : q.isError ? (
        <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} />
      ) : q.data.length === 0 ? (
        <EmptyState title="Nenhum benefício com lista de códigos" message="Benefícios que geram os próprios códigos não aparecem aqui." />
      ) : (
        <div className="admin-tabela">
          <div className="admin-tabela__rolagem">
            <table>
              <caption className="visually-hidden">Estoque de códigos por benefício</caption>
              <thead>
                <tr>
                  <th scope="col">Benefício</th>
                  <th scope="col" className="cupons-num">
                    Livres
                  </th>
                  <th scope="col" className="cupons-num">
                    Resgatados
                  </th>
                  <th scope="col" className="cupons-num">
                    Usados
                  </th>
                  <th scope="col">Situação</th>
                </tr>
              </thead>
              <tbody>
                {q.data.map((b) => (
                  <tr key={b.id}>
                    <td>
                      <Link to={String(b.id)}>{b.nome}</Link>
                      {!b.ativo && <span className="admin-selo cupons-selo-inativo">Inativo</span>}
                      {b.pools.some((p) => p.idOpcao) && <small className="cupons-dias"> · {b.pools.length} dias</small>}
                    </td>
                    <td className="cupons-num">{number(b.livres)}</td>
                    <td className="cupons-num">{number(b.resgatados)}</td>
                    <td className="cupons-num">{number(b.usados)}</td>
                    <td>
                      {b.estoqueBaixo ? (
                        <span className="admin-selo admin-selo--vermelho" title={`Alerta em ${number(b.alertaMinimo)} códigos livres`}>
                          Estoque baixo
                        </span>
                      ) : (
                        <span className="admin-selo admin-selo--verde">Em estoque</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </>
  );
}
