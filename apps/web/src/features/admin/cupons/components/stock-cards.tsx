import type { BenefitCoupon } from '@legiao/contracts/admin/cupons';
import { number } from './formatar';

/** Free / handed out / used, for the benefit and (events) each day; low stock in red. */
export function StockCards({ beneficio: b }: { beneficio: BenefitCoupon }) {
  const days = b.pools.filter((p) => p.idOpcao !== null);
  return (
    <section className="cupons-estoque" aria-label="Estoque">
      <div className={`cupons-estoque__cartao${b.estoqueBaixo ? ' cupons-estoque__cartao--baixo' : ''}`}>
        <span>Livres</span>
        <strong data-testid="estoque-livres">{number(b.livres)}</strong>
        {b.estoqueBaixo && <small role="status">Estoque baixo (alerta em {number(b.alertaMinimo)})</small>}
      </div>
      <div className="cupons-estoque__cartao">
        <span>Resgatados</span>
        <strong data-testid="estoque-resgatados">{number(b.resgatados)}</strong>
        <small>entregues a membros</small>
      </div>
      <div className="cupons-estoque__cartao">
        <span>Usados</span>
        <strong data-testid="estoque-usados">{number(b.usados)}</strong>
        <small>informados pela loja</small>
      </div>
      {days.length > 0 && (
        <table className="cupons-estoque__dias">
          <caption>Por dia</caption>
          <thead>
            <tr>
              <th scope="col">Dia</th>
              <th scope="col">Livres</th>
              <th scope="col">Resgatados</th>
              <th scope="col">Usados</th>
            </tr>
          </thead>
          <tbody>
            {days.map((p) => (
              <tr key={p.idOpcao} className={p.estoqueBaixo ? 'cupons-baixo' : undefined}>
                <th scope="row">{p.nomeOpcao}</th>
                <td>{number(p.livres)}</td>
                <td>{number(p.resgatados)}</td>
                <td>{number(p.usados)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
