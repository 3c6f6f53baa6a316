import { useId, useState } from 'react';
import { IMPORT_FIELDS, suggestMapping, type Import, type ImportKind } from '@legiao/contracts/admin/importacoes';
import { errorMessage } from '../../../shared/api/api-error';
import { FileInput } from '../imagens/file-input';
import { ProgressBar } from '../cupons/components/progress-bar';
import { bytes } from '../cupons/components/formatar';
import { uploadImport, readHeader } from './imports-api';
import '../imagens/imagens.css';

const HINT: Record<ImportKind, string> = {
  compras:
    'CSV com cabeçalho, separado por ponto e vírgula, vírgula ou tabulação: um pedido e produto por linha, com e-mail ou CPF do membro, SKU ou id do produto, quantidade e data (AAAA-MM-DD ou dd/MM/aaaa).',
  'usos-cupom': 'CSV com cabeçalho vindo da loja: o código do cupom usado e, se houver, a data de uso (AAAA-MM-DD ou dd/MM/aaaa; sem data, vale o dia da importação).',
};

/**
 * Steps 1 and 2: choose the file (its header is read in the browser, the rest stays on disk), map
 * each field to a column (suggested from the header names), then send it for the dry run.
 */
export function UploadMapping({ tipo: kind, onDryRun }: { tipo: ImportKind; onDryRun: (imp: Import) => void }) {
  const titleId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [header, setHeader] = useState<string[]>([]);
  const [map, setMap] = useState<Record<string, string>>({});
  const [sent, setSent] = useState<{ sent: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fields = IMPORT_FIELDS[kind];

  async function choose(f: File | null) {
    setFile(f);
    setError(null);
    if (!f) return setHeader([]);
    const h = await readHeader(f);
    setHeader(h);
    setMap(suggestMapping(kind, h));
    if (!h.some((c) => c !== '')) setError('O arquivo está vazio.');
  }

  async function simular(e: React.FormEvent) {
    e.preventDefault();
    if (!file) return setError('Escolha um arquivo CSV.');
    const missing = fields.filter((c) => c.obrigatorio && !map[c.campo]).map((c) => c.rotulo);
    if (missing.length) return setError(`Escolha a coluna de: ${missing.join(', ')}.`);
    if (kind === 'compras' && !map.email && !map.cpf) return setError('Escolha a coluna de e-mail ou a de CPF (ao menos uma).');
    setError(null);
    setSent({ sent: 0, total: file.size });
    try {
      const clean = Object.fromEntries(Object.entries(map).filter(([, v]) => v !== ''));
      onDryRun(await uploadImport(kind, file, clean, (sent, total) => setSent({ sent, total })));
    } catch (err) {
      setError(errorMessage(err));
      setSent(null);
    }
  }

  const sending = sent !== null;
  const dryRunning = sent !== null && sent.sent >= sent.total;
  return (
    <section className="importacoes-painel" aria-labelledby={titleId}>
      <h2 id={titleId}>Novo arquivo</h2>
      <p className="importacoes-dica">{HINT[kind]} Nada muda antes de você ver a simulação e aplicar; o mesmo arquivo duas vezes não registra nada duas vezes.</p>
      <form onSubmit={(e) => void simular(e)} noValidate>
        <div className="admin-campo">
          <FileInput label="Arquivo CSV" accept=".csv,.txt,text/csv,text/plain" disabled={sending} onFile={(f) => void choose(f)} />
          {file && <small className="admin-campo__dica">{bytes(file.size)}</small>}
        </div>
        {header.length > 0 && (
          <fieldset className="importacoes-mapa" disabled={sending}>
            <legend>Colunas do arquivo</legend>
            <p className="importacoes-dica">Cada informação que a importação usa vem de uma coluna do seu arquivo. Sugerimos pelo nome do cabeçalho; confira.</p>
            <div className="importacoes-mapa__grade">
              {fields.map((c) => (
                <div className="admin-campo" key={c.campo}>
                  <label htmlFor={`mapa-${c.campo}`}>
                    {c.rotulo}
                    {c.obrigatorio ? ' *' : ''}
                  </label>
                  <select id={`mapa-${c.campo}`} value={map[c.campo] ?? ''} onChange={(e) => setMap((m) => ({ ...m, [c.campo]: e.target.value }))}>
                    <option value="">{c.obrigatorio ? 'Escolha a coluna' : 'Não usar'}</option>
                    {header.map((h, i) => (
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
        {error && (
          <p className="importacoes-erro" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="admin-btn admin-btn--primario" disabled={sending || !file || header.length === 0}>
          {dryRunning ? 'Simulando...' : sending ? 'Enviando...' : 'Enviar e simular'}
        </button>
      </form>
      {sent && (
        <ProgressBar
          rotulo={dryRunning ? 'Conferindo cada linha: membros, pedidos já registrados, cupons...' : `Enviando ${bytes(sent.sent)} de ${bytes(sent.total)}`}
          valor={sent.sent}
          total={sent.total}
          indeterminate={dryRunning}
        />
      )}
    </section>
  );
}
