import { useId, useState } from 'react';
import type { CupomBeneficioDetalhe, CupomImportacao } from '@legiao/contracts/admin/cupons';
import { errorMessage } from '../../../../shared/api/api-error';
import { enviarArquivoCupons } from '../api/cupons-api';
import { bytes } from './formatar';
import { BarraProgresso } from './barra-progresso';
import { ArquivoInput } from '../../imagens/arquivo-input';
import '../../imagens/imagens.css';

/**
 * Step 1: choose the file (and the day, for events) and send it. The browser streams it; the bar
 * shows the bytes sent, then "analisando" while the server counts what the file holds.
 */
export function EnvioArquivo({ beneficio: b, onEnviado }: { beneficio: CupomBeneficioDetalhe; onEnviado: (imp: CupomImportacao) => void }) {
  const fileId = useId();
  const diaId = useId();
  const dias = b.pools.filter((p) => p.idOpcao !== null);
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [dia, setDia] = useState<string>(dias[0]?.idOpcao ? String(dias[0].idOpcao) : '');
  const [enviado, setEnviado] = useState<{ sent: number; total: number } | null>(null);
  const [erro, setErro] = useState<string | null>(null);

  async function enviar(e: React.FormEvent) {
    e.preventDefault();
    if (!arquivo) return setErro('Escolha um arquivo CSV ou TXT.');
    setErro(null);
    setEnviado({ sent: 0, total: arquivo.size });
    try {
      const imp = await enviarArquivoCupons(b.id, arquivo, dia ? Number(dia) : undefined, (sent, total) => setEnviado({ sent, total }));
      onEnviado(imp);
    } catch (err) {
      setErro(errorMessage(err));
      setEnviado(null);
    }
  }

  const enviando = enviado !== null;
  const analisando = enviado !== null && enviado.sent >= enviado.total;
  return (
    <section className="cupons-painel" aria-labelledby={`${fileId}-titulo`}>
      <h2 id={`${fileId}-titulo`}>Importar códigos</h2>
      <p className="cupons-painel__dica">
        Um código por linha (ou na primeira coluna de um CSV separado por vírgula, ponto e vírgula ou tabulação). Letras, números, hífen e sublinhado, de 3 a 64 caracteres. Nada entra no estoque antes da sua
        confirmação; códigos que já existem nunca são duplicados.
      </p>
      <form className="cupons-envio" onSubmit={(e) => void enviar(e)} noValidate>
        {dias.length > 0 && (
          <div className="admin-campo">
            <label htmlFor={diaId}>Dia do lote</label>
            <select id={diaId} value={dia} onChange={(e) => setDia(e.target.value)} disabled={enviando}>
              {dias.map((p) => (
                <option key={p.idOpcao} value={String(p.idOpcao)}>
                  {p.nomeOpcao}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="admin-campo">
          <ArquivoInput
            label="Arquivo de códigos"
            accept=".csv,.txt,text/csv,text/plain"
            disabled={enviando}
            onFile={(f) => {
              setArquivo(f);
              setErro(null);
            }}
          />
          {arquivo && <small className="admin-campo__dica">{`${bytes(arquivo.size)}`}</small>}
        </div>
        <button type="submit" className="admin-btn admin-btn--primario" disabled={enviando || !arquivo}>
          {analisando ? 'Analisando...' : enviando ? 'Enviando...' : 'Enviar e analisar'}
        </button>
      </form>
      {enviado && (
        <BarraProgresso
          rotulo={analisando ? 'Analisando o arquivo: contando códigos novos, repetidos e já existentes...' : `Enviando ${bytes(enviado.sent)} de ${bytes(enviado.total)}`}
          valor={enviado.sent}
          total={enviado.total}
          indeterminada={analisando}
        />
      )}
      {erro && (
        <p className="cupons-erro" role="alert">
          {erro}
        </p>
      )}
    </section>
  );
}
