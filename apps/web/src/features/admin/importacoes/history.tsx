import type { Import, ImportKind } from '@legiao/contracts/admin/importacoes';
import { notifyError } from '../ui/index';
import { number, when } from '../cupons/components/formatar';
import { downloadReport, useHistoryQuery } from './imports-api';
import { STATE_LABEL } from './dry-run-panel';

const summary = (i: Import) => {
  const c = i.estado === 'concluido' ? i.resultado : i.simulacao;
  const pre = i.estado === 'concluido' ? '' : 'simulação: ';
  return i.tipo === 'compras'
    ? `${pre}compras novas ${number(c.novas)}, pontos ${number(c.pontos)}, indicações ${number(c.indicacoes)}`
    : `${pre}cupons marcados ${number(c.marcar)}`;
};

/** The history of one kind of import, newest first, each with its report. */
export function History({ tipo: kind, pagina: page, onPage, onOpen }: { tipo: ImportKind; pagina: number; onPage: (p: number) => void; onOpen: (id: string) => void }) {
  const q = useHistoryQuery(kind, page);
  const data = q.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.porPagina)) : 1;
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
              const [state, seal] = STATE_LABEL[i.estado];
              return (
                <tr key={i.id}>
                  <td>{when(i.criadoEm)}</td>
                  <td>
                    {i.arquivo}
                    <small className="importacoes-historico__detalhe">
                      {number(i.linhas)} {i.linhas === 1 ? 'linha' : 'linhas'}
                      {i.criadoPor ? `, por ${i.criadoPor}` : ''}
                    </small>
                  </td>
                  <td>
                    <span className={`admin-selo ${seal}`}>{state}</span>
                    {i.estado === 'aplicando' && ` ${Math.round((i.processados / Math.max(1, i.total)) * 100)}%`}
                  </td>
                  <td className="importacoes-resumo">{summary(i)}</td>
                  <td className="importacoes-historico__acoes">
                    <button type="button" className="admin-btn admin-btn--pequeno" onClick={() => onOpen(i.id)} aria-label={`Abrir ${i.arquivo} de ${when(i.criadoEm)}`}>
                      Abrir
                    </button>
                    <button type="button" className="admin-btn admin-btn--pequeno" onClick={() => void downloadReport(i).catch(notifyError)} aria-label={`Baixar relatório de ${i.arquivo} de ${when(i.criadoEm)}`}>
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
      {pages > 1 && (
        <nav className="admin-paginacao" aria-label="Páginas do histórico">
          <button type="button" className="admin-btn admin-btn--pequeno" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Anterior
          </button>
          <span>
            Página {page} de {pages}
          </span>
          <button type="button" className="admin-btn admin-btn--pequeno" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Próxima
          </button>
        </nav>
      )}
    </section>
  );
}
