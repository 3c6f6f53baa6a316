import type { CouponImport } from '@legiao/contracts/admin/cupons';
import { number, when } from './formatar';

const STATE: Record<CouponImport['estado'], string> = {
  analisando: 'Analisando',
  analisado: 'Aguardando confirmação',
  importando: 'Importando',
  concluido: 'Concluída',
  falhou: 'Parou',
  cancelado: 'Descartada',
};

/** The benefit's last imports: one waiting for confirmation (or in progress) can be reopened. */
export function ImportHistory({ importacoes: imports, atual: current, onOpen }: { importacoes: CouponImport[]; atual: string | null; onOpen: (id: string) => void }) {
  if (imports.length === 0) return null;
  return (
    <section className="cupons-historico" aria-labelledby="cupons-historico-titulo">
      <h2 id="cupons-historico-titulo">Importações recentes</h2>
      <div className="admin-tabela">
        <table>
          <thead>
            <tr>
              <th scope="col">Enviada em</th>
              <th scope="col">Arquivo</th>
              <th scope="col">Situação</th>
              <th scope="col" className="cupons-num">
                Novos
              </th>
              <th scope="col" className="cupons-num">
                Adicionados
              </th>
              <th scope="col">
                <span className="visually-hidden">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {imports.map((i) => (
              <tr key={i.id} aria-current={i.id === current ? 'true' : undefined}>
                <td>{when(i.criadoEm)}</td>
                <td>{i.arquivo}</td>
                <td>{STATE[i.estado]}</td>
                <td className="cupons-num">{number(i.novos)}</td>
                <td className="cupons-num">{number(i.importados)}</td>
                <td>
                  {i.id !== current && (
                    <button type="button" className="admin-btn admin-btn--pequeno" onClick={() => onOpen(i.id)} aria-label={`Abrir a importação de ${i.arquivo}`}>
                      Abrir
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
