import { useId, useState } from 'react';
import type { BenefitCouponDetail, CouponImport } from '@legiao/contracts/admin/cupons';
import { errorMessage } from '../../../../shared/api/api-error';
import { uploadCouponsFile } from '../api/coupons-api';
import { bytes } from './formatar';
import { ProgressBar } from './progress-bar';
import { FileInput } from '../../imagens/file-input';
import '../../imagens/imagens.css';

/**
 * Step 1: choose the file (and the day, for events) and send it. The browser streams it; the bar
 * shows the bytes sent, then "analisando" while the server counts what the file holds.
 */
export function FileUpload({ beneficio: b, onSent }: { beneficio: BenefitCouponDetail; onSent: (imp: CouponImport) => void }) {
  const fileId = useId();
  const dayId = useId();
  const days = b.pools.filter((p) => p.idOpcao !== null);
  const [file, setFile] = useState<File | null>(null);
  const [day, setDay] = useState<string>(days[0]?.idOpcao ? String(days[0].idOpcao) : '');
  const [sent, setSent] = useState<{ sent: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function send(e: React.FormEvent) {
    e.preventDefault();
    if (!file) return setError('Escolha um arquivo CSV ou TXT.');
    setError(null);
    setSent({ sent: 0, total: file.size });
    try {
      const imp = await uploadCouponsFile(b.id, file, day ? Number(day) : undefined, (sent, total) => setSent({ sent, total }));
      onSent(imp);
    } catch (err) {
      setError(errorMessage(err));
      setSent(null);
    }
  }

  const sending = sent !== null;
  const analysing = sent !== null && sent.sent >= sent.total;
  return (
    <section className="cupons-painel" aria-labelledby={`${fileId}-titulo`}>
      <h2 id={`${fileId}-titulo`}>Importar códigos</h2>
      <p className="cupons-painel__dica">
        Um código por linha (ou na primeira coluna de um CSV separado por vírgula, ponto e vírgula ou tabulação). Letras, números, hífen e sublinhado, de 3 a 64 caracteres. Nada entra no estoque antes da sua
        confirmação; códigos que já existem nunca são duplicados.
      </p>
      <form className="cupons-envio" onSubmit={(e) => void send(e)} noValidate>
        {days.length > 0 && (
          <div className="admin-campo">
            <label htmlFor={dayId}>Dia do lote</label>
            <select id={dayId} value={day} onChange={(e) => setDay(e.target.value)} disabled={sending}>
              {days.map((p) => (
                <option key={p.idOpcao} value={String(p.idOpcao)}>
                  {p.nomeOpcao}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="admin-campo">
          <FileInput
            label="Arquivo de códigos"
            accept=".csv,.txt,text/csv,text/plain"
            disabled={sending}
            onFile={(f) => {
              setFile(f);
              setError(null);
            }}
          />
          {file && <small className="admin-campo__dica">{`${bytes(file.size)}`}</small>}
        </div>
        <button type="submit" className="admin-btn admin-btn--primario" disabled={sending || !file}>
          {analysing ? 'Analisando...' : sending ? 'Enviando...' : 'Enviar e analisar'}
        </button>
      </form>
      {sent && (
        <ProgressBar
          rotulo={analysing ? 'Analisando o arquivo: contando códigos novos, repetidos e já existentes...' : `Enviando ${bytes(sent.sent)} de ${bytes(sent.total)}`}
          valor={sent.sent}
          total={sent.total}
          indeterminate={analysing}
        />
      )}
      {error && (
        <p className="cupons-erro" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
