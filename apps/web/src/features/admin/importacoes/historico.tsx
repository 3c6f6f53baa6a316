import type { Importacao, ImportacaoTipo } from '@legiao/contracts/admin/importacoes';
import { notifyError } from '../ui';
import { numero, quando } from '../cupons/components/formatar';
import { baixarRelatorio, useHistoricoQuery } from './importacoes-api';
import { ESTADO_ROTULO } from './simulacao-painel';

const resumo = (i: Importacao) => {
  const c = i.estado === 'concluido' ? i.resultado : i.simulacao;
  const pre = i.estado === 'concluido' ? '' : 'simulação: ';
  return i.tipo === 'compras'
    ? `${pre}compras novas ${numero(c.novas)}, pontos ${numero(c.pontos)}, indicações ${numero(c.indicacoes)}`
    : `${pre}cupons marcados ${numero(c.marcar)}`;
};

/** The history of one kind of import, newest first, each with its report. */
export function Historico({ tipo, pagina, onPagina, onAbrir }: { tipo: ImportacaoTipo; pagina: number; onPagina: (p: number) => void; onAbrir: (id: string) => void }) {
  const q = useHistoricoQuery(tipo, pagina);
  const data = q.data;
  const paginas = data ? Math.max(1, Math.ceil(data.total / data.porPagina)) : 1;
  return (
    <section className="importacoes-painel" aria-labelledby="historico-titulo">
      <h2 id="historico-titulo">Histórico</h2>
      {q.isError && <p role="alert">Não foi possível carregar o histórico.</p>}
      {data && data.itens.length === 0 && <p className="importacoes-dica">Nenhuma importação deste tipo ainda.</p>}
      {data && data.itens.length > 0 && (
        <div className="admin-tabela">
<div className="admin-tabela__rolagem">
<table>
          <caption className="visually-hidden">Importações, as mais recentes primeiro</caption>
          <thead>
            <tr>
              <th scope="col">Enviado em</th>
              <th scope="col">Arquivo</th>
              <th scope="col">Situação</th>
              <th scope="col">Resumo</th>
              <th scope="col">
                <span className="visually-hidden">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.itens.map((i) => {
              const [estado, selo] = ESTADO_ROTULO[i.estado];
              return (
                <tr key={i.id}>
                  <td>{quando(i.criadoEm)}</td>
                  <td>
                    {i.arquivo}
                    <small className="importacoes-historico__detalhe">
                      {numero(i.linhas)} {i.linhas === 1 ? 'linha' : 'linhas'}
                      {i.criadoPor ? `, por ${i.criadoPor}` : ''}
                    </small>
                  </td>
                  <td>
                    <span className={`admin-selo ${selo}`}>{estado}</span>
                    {i.estado === 'aplicando' && ` ${Math.round((i.processados / Math.max(1, i.total)) * 100)}%`}
                  </td>
                  <td className="importacoes-resumo">{resumo(i)}</td>
                  <td className="importacoes-historico__acoes">
                    <button type="button" className="admin-btn admin-btn--pequeno" onClick={() => onAbrir(i.id)} aria-label={`Abrir ${i.arquivo} de ${quando(i.criadoEm)}`}>
                      Abrir
                    </button>
                    <button type="button" className="admin-btn admin-btn--pequeno" onClick={() => void baixarRelatorio(i).catch(notifyError)} aria-label={`Baixar relatório de ${i.arquivo} de ${quando(i.criadoEm)}`}>
                      Relatório
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
</div>
</div>
      )}
      {paginas > 1 && (
        <nav className="admin-paginacao" aria-label="Páginas do histórico">
          <button type="button" className="admin-btn admin-btn--pequeno" disabled={pagina <= 1} onClick={() => onPagina(pagina - 1)}>
            Anterior
          </button>
          <span>
            Página {pagina} de {paginas}
          </span>
          <button type="button" className="admin-btn admin-btn--pequeno" disabled={pagina >= paginas} onClick={() => onPagina(pagina + 1)}>
            Próxima
          </button>
        </nav>
      )}
    </section>
  );
}
