import type { CupomImportacao } from '@legiao/contracts/admin/cupons';
import { numero, quando } from './formatar';

const ESTADO: Record<CupomImportacao['estado'], string> = {
  analisando: 'Analisando',
  analisado: 'Aguardando confirmação',
  importando: 'Importando',
  concluido: 'Concluída',
  falhou: 'Parou',
  cancelado: 'Descartada',
};

/** The benefit's last imports: one waiting for confirmation (or in progress) can be reopened. */
export function HistoricoImportacoes({ importacoes, atual, onAbrir }: { importacoes: CupomImportacao[]; atual: string | null; onAbrir: (id: string) => void }) {
  if (importacoes.length === 0) return null;
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
            {importacoes.map((i) => (
              <tr key={i.id} aria-current={i.id === atual ? 'true' : undefined}>
                <td>{quando(i.criadoEm)}</td>
                <td>{i.arquivo}</td>
                <td>{ESTADO[i.estado]}</td>
                <td className="cupons-num">{numero(i.novos)}</td>
                <td className="cupons-num">{numero(i.importados)}</td>
                <td>
                  {i.id !== atual && (
                    <button type="button" className="admin-btn admin-btn--pequeno" onClick={() => onAbrir(i.id)} aria-label={`Abrir a importação de ${i.arquivo}`}>
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
