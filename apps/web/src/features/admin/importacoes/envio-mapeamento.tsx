import { useId, useState } from 'react';
import { IMPORTACAO_CAMPOS, sugerirMapeamento, type Importacao, type ImportacaoTipo } from '@legiao/contracts/admin/importacoes';
import { errorMessage } from '../../../shared/api/api-error';
import { ArquivoInput } from '../imagens/arquivo-input';
import { BarraProgresso } from '../cupons/components/barra-progresso';
import { bytes } from '../cupons/components/formatar';
import { enviarImportacao, lerCabecalho } from './importacoes-api';
import '../imagens/imagens.css';

const DICA: Record<ImportacaoTipo, string> = {
  compras:
    'CSV com cabeçalho, separado por ponto e vírgula, vírgula ou tabulação: um pedido e produto por linha, com e-mail ou CPF do membro, SKU ou id do produto, quantidade e data (AAAA-MM-DD ou dd/MM/aaaa).',
  'usos-cupom': 'CSV com cabeçalho vindo da loja: o código do cupom usado e, se houver, a data de uso (AAAA-MM-DD ou dd/MM/aaaa; sem data, vale o dia da importação).',
};

/**
 * Steps 1 and 2: choose the file (its header is read in the browser, the rest stays on disk), map
 * each field to a column (suggested from the header names), then send it for the dry run.
 */
export function EnvioMapeamento({ tipo, onSimulada }: { tipo: ImportacaoTipo; onSimulada: (imp: Importacao) => void }) {
  const titleId = useId();
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [cabecalho, setCabecalho] = useState<string[]>([]);
  const [mapa, setMapa] = useState<Record<string, string>>({});
  const [enviado, setEnviado] = useState<{ sent: number; total: number } | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const campos = IMPORTACAO_CAMPOS[tipo];

  async function escolher(f: File | null) {
    setArquivo(f);
    setErro(null);
    if (!f) return setCabecalho([]);
    const h = await lerCabecalho(f);
    setCabecalho(h);
    setMapa(sugerirMapeamento(tipo, h));
    if (!h.some((c) => c !== '')) setErro('O arquivo está vazio.');
  }

  async function simular(e: React.FormEvent) {
    e.preventDefault();
    if (!arquivo) return setErro('Escolha um arquivo CSV.');
    const faltando = campos.filter((c) => c.obrigatorio && !mapa[c.campo]).map((c) => c.rotulo);
    if (faltando.length) return setErro(`Escolha a coluna de: ${faltando.join(', ')}.`);
    if (tipo === 'compras' && !mapa.email && !mapa.cpf) return setErro('Escolha a coluna de e-mail ou a de CPF (ao menos uma).');
    setErro(null);
    setEnviado({ sent: 0, total: arquivo.size });
    try {
      const limpo = Object.fromEntries(Object.entries(mapa).filter(([, v]) => v !== ''));
      onSimulada(await enviarImportacao(tipo, arquivo, limpo, (sent, total) => setEnviado({ sent, total })));
    } catch (err) {
      setErro(errorMessage(err));
      setEnviado(null);
    }
  }

  const enviando = enviado !== null;
  const simulando = enviado !== null && enviado.sent >= enviado.total;
  return (
    <section className="importacoes-painel" aria-labelledby={titleId}>
      <h2 id={titleId}>Novo arquivo</h2>
      <p className="importacoes-dica">{DICA[tipo]} Nada muda antes de você ver a simulação e aplicar; o mesmo arquivo duas vezes não registra nada duas vezes.</p>
      <form onSubmit={(e) => void simular(e)} noValidate>
        <div className="admin-campo">
          <ArquivoInput label="Arquivo CSV" accept=".csv,.txt,text/csv,text/plain" disabled={enviando} onFile={(f) => void escolher(f)} />
          {arquivo && <small className="admin-campo__dica">{bytes(arquivo.size)}</small>}
        </div>
        {cabecalho.length > 0 && (
          <fieldset className="importacoes-mapa" disabled={enviando}>
            <legend>Colunas do arquivo</legend>
            <p className="importacoes-dica">Cada informação que a importação usa vem de uma coluna do seu arquivo. Sugerimos pelo nome do cabeçalho; confira.</p>
            <div className="importacoes-mapa__grade">
              {campos.map((c) => (
                <div className="admin-campo" key={c.campo}>
                  <label htmlFor={`mapa-${c.campo}`}>
                    {c.rotulo}
                    {c.obrigatorio ? ' *' : ''}
                  </label>
                  <select id={`mapa-${c.campo}`} value={mapa[c.campo] ?? ''} onChange={(e) => setMapa((m) => ({ ...m, [c.campo]: e.target.value }))}>
                    <option value="">{c.obrigatorio ? 'Escolha a coluna' : 'Não usar'}</option>
                    {cabecalho.map((h, i) => (
                      <option key={`${h}-${i}`} value={h}>
                        {h || `(coluna ${i + 1} sem nome)`}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
            </div>
          </fieldset>
        )}
        {erro && (
          <p className="importacoes-erro" role="alert">
            {erro}
          </p>
        )}
        <button type="submit" className="admin-btn admin-btn--primario" disabled={enviando || !arquivo || cabecalho.length === 0}>
          {simulando ? 'Simulando...' : enviando ? 'Enviando...' : 'Enviar e simular'}
        </button>
      </form>
      {enviado && (
        <BarraProgresso
          rotulo={simulando ? 'Conferindo cada linha: membros, pedidos já registrados, cupons...' : `Enviando ${bytes(enviado.sent)} de ${bytes(enviado.total)}`}
          valor={enviado.sent}
          total={enviado.total}
          indeterminada={simulando}
        />
      )}
    </section>
  );
}
