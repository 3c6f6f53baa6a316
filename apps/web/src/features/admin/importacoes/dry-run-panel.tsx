import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Import, ImportCount } from '@legiao/contracts/admin/importacoes';
import { ConfirmDialog, notifyError, notifySuccess } from '../ui/index';
import { ProgressBar } from '../cupons/components/progress-bar';
import { number, when } from '../cupons/components/formatar';
import { applyImport, downloadReport, importsKey, useImportQuery } from './imports-api';

type Item = [chave: keyof ImportCount, rotulo: string, destaque?: boolean];
const ITEMS: Record<Import['tipo'], Item[]> = {
  compras: [
    ['novas', 'Compras novas', true],
    ['indicacoes', 'Indicações confirmadas', true],
    ['pontos', 'Pontos creditados', true],
    ['numeros', 'Números da Legião'],
    ['existentes', 'Já registradas'],
    ['pendentes', 'Membro não cadastrado'],
    ['recusadas', 'Linhas recusadas'],
  ],
  'usos-cupom': [
    ['marcar', 'Cupons marcados como usados', true],
    ['jaUsados', 'Já estavam usados'],
    ['recusadas', 'Linhas recusadas'],
  ],
};

export const STATE_LABEL: Record<Import['estado'], [string, string]> = {
  simulado: ['Simulada, não aplicada', 'admin-selo--ambar'],
  aplicando: ['Aplicando', 'admin-selo--ambar'],
  concluido: ['Aplicada', 'admin-selo--verde'],
  falhou: ['Parou no meio', 'admin-selo--vermelho'],
};

/** What applying writes (the result shows only these; pending and refused rows are the dry run's). */
const FROM_RESULT = new Set<keyof ImportCount>(['novas', 'indicacoes', 'pontos', 'numeros', 'existentes', 'marcar', 'jaUsados']);

function Counts({ tipo: kind, values, titulo: title, resultado: result = false }: { tipo: Import['tipo']; values: ImportCount; titulo: string; resultado?: boolean }) {
  return (
    <div>
      <h3 className="importacoes-subtitulo">{title}</h3>
      <dl className="importacoes-contagens">
        {ITEMS[kind].filter(([k]) => !result || FROM_RESULT.has(k)).map(([k, label, featured]) => (
          <div key={k} className={featured ? 'importacoes-contagem importacoes-contagem--destaque' : 'importacoes-contagem'}>
            <dt>{label}</dt>
            <dd>{number(values[k])}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Step 3: what applying would change, the refused rows, the apply with its progress, the result. */
export function DryRunPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const qc = useQueryClient();
  const q = useImportQuery(id);
  const [confirm, setConfirm] = useState(false);
  const imp = q.data;
  if (!imp) return q.isError ? <p role="alert">Não foi possível carregar a importação.</p> : <p>Carregando a importação...</p>;

  const [state, seal] = STATE_LABEL[imp.estado];
  const applicable = imp.estado === 'simulado' || imp.estado === 'falhou';
  async function apply() {
    try {
      await applyImport(id);
      await qc.invalidateQueries({ queryKey: importsKey });
      notifySuccess('Aplicação iniciada: acompanhe o progresso.');
    } catch (err) {
      notifyError(err);
      throw err;
    }
  }
  return (
    <section className="importacoes-painel" aria-labelledby="simulacao-titulo">
      <div className="importacoes-painel__topo">
        <div>
          <h2 id="simulacao-titulo">{imp.estado === 'simulado' ? 'Simulação' : 'Importação'}: {imp.arquivo}</h2>
          <p className="importacoes-dica">
            {number(imp.linhas)} {imp.linhas === 1 ? 'linha' : 'linhas'}, enviado em {when(imp.criadoEm)}
            {imp.criadoPor ? ` por ${imp.criadoPor}` : ''}. <span className={`admin-selo ${seal}`}>{state}</span>
          </p>
        </div>
        <button type="button" className="admin-btn" onClick={onClose}>
          Fechar
        </button>
      </div>
      <Counts tipo={imp.tipo} values={imp.simulacao} titulo={imp.estado === 'simulado' ? 'O que muda ao aplicar' : 'Simulação'} />
      {(imp.estado === 'aplicando' || imp.estado === 'falhou') && <ProgressBar rotulo={`Aplicando: ${number(imp.processados)} de ${number(imp.total)} linhas`} valor={imp.processados} total={imp.total} />}
      {imp.erro && (
        <p className="importacoes-erro" role="alert">
          {imp.erro}
        </p>
      )}
      {imp.estado === 'concluido' && <Counts tipo={imp.tipo} values={imp.resultado} titulo={`Resultado (aplicada em ${imp.concluidoEm ? when(imp.concluidoEm) : '-'})`} resultado />}
      {imp.recusadas.length > 0 && (
        <div>
          <h3 className="importacoes-subtitulo">Linhas recusadas ou pendentes{imp.recusadas.length === 20 ? ' (as primeiras 20; todas no relatório)' : ''}</h3>
          <div className="admin-tabela importacoes-recusadas">
<div className="admin-tabela__rolagem">
<table>
            <thead>
              <tr>
                <th scope="col">Linha</th>
                <th scope="col">Motivo</th>
                <th scope="col">Conteúdo</th>
              </tr>
            </thead>
            <tbody>
              {imp.recusadas.map((r) => (
                <tr key={r.linha}>
                  <td>{r.linha}</td>
                  <td>{r.motivo}</td>
                  <td className="importacoes-texto">{r.texto}</td>
                </tr>
              ))}
            </tbody>
          </table>
</div>
</div>
        </div>
      )}
      <div className="importacoes-acoes">
        <button type="button" className="admin-btn" onClick={() => void downloadReport(imp).catch(notifyError)}>
          Baixar relatório (CSV)
        </button>
        {applicable && (
          <button type="button" className="admin-btn admin-btn--primario" onClick={() => setConfirm(true)}>
            {imp.estado === 'falhou' ? 'Continuar aplicação' : imp.total === 0 ? 'Aplicar (nada muda)' : 'Aplicar importação'}
          </button>
        )}
      </div>
      {confirm && (
        <ConfirmDialog title="Aplicar importação?" confirmLabel="Aplicar" onConfirm={apply} onClose={() => setConfirm(false)}>
          {imp.tipo === 'compras' ? (
            <p>
              {number(imp.simulacao.novas)} compras novas serão registradas, {number(imp.simulacao.pontos)} pontos creditados e {number(imp.simulacao.indicacoes)} indicações confirmadas. Não dá para
              desfazer.
            </p>
          ) : (
            <p>{number(imp.simulacao.marcar)} cupons serão marcados como usados. Não dá para desfazer.</p>
          )}
        </ConfirmDialog>
      )}
    </section>
  );
}
