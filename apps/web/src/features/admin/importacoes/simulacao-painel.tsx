import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Importacao, ImportacaoContagem } from '@legiao/contracts/admin/importacoes';
import { ConfirmDialog, notifyError, notifySuccess } from '../ui';
import { BarraProgresso } from '../cupons/components/barra-progresso';
import { numero, quando } from '../cupons/components/formatar';
import { aplicarImportacao, baixarRelatorio, importacoesKey, useImportacaoQuery } from './importacoes-api';

type Item = [chave: keyof ImportacaoContagem, rotulo: string, destaque?: boolean];
const ITENS: Record<Importacao['tipo'], Item[]> = {
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

export const ESTADO_ROTULO: Record<Importacao['estado'], [string, string]> = {
  simulado: ['Simulada, não aplicada', 'admin-selo--ambar'],
  aplicando: ['Aplicando', 'admin-selo--ambar'],
  concluido: ['Aplicada', 'admin-selo--verde'],
  falhou: ['Parou no meio', 'admin-selo--vermelho'],
};

/** What applying writes (the result shows only these; pending and refused rows are the dry run's). */
const DO_RESULTADO = new Set<keyof ImportacaoContagem>(['novas', 'indicacoes', 'pontos', 'numeros', 'existentes', 'marcar', 'jaUsados']);

function Contagens({ tipo, valores, titulo, resultado = false }: { tipo: Importacao['tipo']; valores: ImportacaoContagem; titulo: string; resultado?: boolean }) {
  return (
    <div>
      <h3 className="importacoes-subtitulo">{titulo}</h3>
      <dl className="importacoes-contagens">
        {ITENS[tipo].filter(([k]) => !resultado || DO_RESULTADO.has(k)).map(([k, rotulo, destaque]) => (
          <div key={k} className={destaque ? 'importacoes-contagem importacoes-contagem--destaque' : 'importacoes-contagem'}>
            <dt>{rotulo}</dt>
            <dd>{numero(valores[k])}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Step 3: what applying would change, the refused rows, the apply with its progress, the result. */
export function SimulacaoPainel({ id, onFechar }: { id: string; onFechar: () => void }) {
  const qc = useQueryClient();
  const q = useImportacaoQuery(id);
  const [confirmar, setConfirmar] = useState(false);
  const imp = q.data;
  if (!imp) return q.isError ? <p role="alert">Não foi possível carregar a importação.</p> : <p>Carregando a importação...</p>;

  const [estado, selo] = ESTADO_ROTULO[imp.estado];
  const aplicavel = imp.estado === 'simulado' || imp.estado === 'falhou';
  async function aplicar() {
    try {
      await aplicarImportacao(id);
      await qc.invalidateQueries({ queryKey: importacoesKey });
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
            {numero(imp.linhas)} {imp.linhas === 1 ? 'linha' : 'linhas'}, enviado em {quando(imp.criadoEm)}
            {imp.criadoPor ? ` por ${imp.criadoPor}` : ''}. <span className={`admin-selo ${selo}`}>{estado}</span>
          </p>
        </div>
        <button type="button" className="admin-btn" onClick={onFechar}>
          Fechar
        </button>
      </div>
      <Contagens tipo={imp.tipo} valores={imp.simulacao} titulo={imp.estado === 'simulado' ? 'O que muda ao aplicar' : 'Simulação'} />
      {(imp.estado === 'aplicando' || imp.estado === 'falhou') && <BarraProgresso rotulo={`Aplicando: ${numero(imp.processados)} de ${numero(imp.total)} linhas`} valor={imp.processados} total={imp.total} />}
      {imp.erro && (
        <p className="importacoes-erro" role="alert">
          {imp.erro}
        </p>
      )}
      {imp.estado === 'concluido' && <Contagens tipo={imp.tipo} valores={imp.resultado} titulo={`Resultado (aplicada em ${imp.concluidoEm ? quando(imp.concluidoEm) : '-'})`} resultado />}
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
        <button type="button" className="admin-btn" onClick={() => void baixarRelatorio(imp).catch(notifyError)}>
          Baixar relatório (CSV)
        </button>
        {aplicavel && (
          <button type="button" className="admin-btn admin-btn--primario" onClick={() => setConfirmar(true)}>
            {imp.estado === 'falhou' ? 'Continuar aplicação' : imp.total === 0 ? 'Aplicar (nada muda)' : 'Aplicar importação'}
          </button>
        )}
      </div>
      {confirmar && (
        <ConfirmDialog title="Aplicar importação?" confirmLabel="Aplicar" onConfirm={aplicar} onClose={() => setConfirmar(false)}>
          {imp.tipo === 'compras' ? (
            <p>
              {numero(imp.simulacao.novas)} compras novas serão registradas, {numero(imp.simulacao.pontos)} pontos creditados e {numero(imp.simulacao.indicacoes)} indicações confirmadas. Não dá para
              desfazer.
            </p>
          ) : (
            <p>{numero(imp.simulacao.marcar)} cupons serão marcados como usados. Não dá para desfazer.</p>
          )}
        </ConfirmDialog>
      )}
    </section>
  );
}
