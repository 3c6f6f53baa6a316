import type { ProductAdmin } from '@legiao/contracts/admin/catalogo';

const n = new Intl.NumberFormat('pt-BR');

/** A product's legion numbers and the rules that keep them safe (ADR 0006), read-only. */
export function LegionNumbers({ produto: product, total }: { produto: Pick<ProductAdmin, 'numerosAtribuidos' | 'numerosRestantes'>; total: number }) {
  const pct = Math.round((product.numerosAtribuidos / total) * 100);
  return (
    <section className="numeros-legiao" aria-labelledby="numeros-legiao-titulo">
      <h2 id="numeros-legiao-titulo">Números da Legião</h2>
      <p className="numeros-legiao__contagem">
        <strong>{n.format(product.numerosAtribuidos)}</strong> entregues de {n.format(total)} · {n.format(product.numerosRestantes)} restantes
      </p>
      <span className="numeros-legiao__barra" role="meter" aria-label="Números entregues" aria-valuemin={0} aria-valuemax={total} aria-valuenow={product.numerosAtribuidos}>
        <span style={{ width: `${pct}%` }} />
      </span>
      <ul>
        <li>Cada peça de uma compra verificada (importação da loja) recebe o próximo número, de 1 a {n.format(total)}, na ordem da verificação.</li>
        <li>Um número nunca muda nem se repete: o banco de dados tem uma chave única por produto e número, e o contador só cresce.</li>
        <li>Quando acabarem, as próximas peças continuam verificadas, sem número. Ninguém da equipe edita números por aqui.</li>
      </ul>
    </section>
  );
}
