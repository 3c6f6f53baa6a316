import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { CupomBeneficioDetalhe } from '@legiao/contracts/admin/cupons';
import { errorMessage } from '../../../shared/api/api-error';
import { Can, ErrorState, LoadingState, notifyError, notifySuccess, PageHeader } from '../ui';
import { cuponsQueryKey, definirAlerta, useCupomBeneficioQuery } from './api/cupons-api';
import { EstoqueCards } from './components/estoque-cards';
import { EnvioArquivo } from './components/envio-arquivo';
import { ImportacaoPainel } from './components/importacao-painel';
import { HistoricoImportacoes } from './components/historico-importacoes';
import { numero } from './components/formatar';

/**
 * /admin/cupons/{id}: one benefit's pools. The import being looked at lives in the URL
 * (?importacao=<id>), so a reload (or a colleague opening the link) finds the same report or progress.
 */
export function CupomBeneficioPage() {
  const id = Number(useParams().id);
  const q = useCupomBeneficioQuery(id);
  const [search, setSearch] = useSearchParams();
  const importacaoId = search.get('importacao');
  const abrir = (imp: string | null) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (imp) next.set('importacao', imp);
        else next.delete('importacao');
        return next;
      },
      { replace: false },
    );

  if (q.isPending) return <LoadingState label="Carregando o estoque..." />;
  if (q.isError) return <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} />;
  const b = q.data;
  return (
    <>
      <p className="cupons-voltar">
        <Link to="/admin/cupons">← Todos os cupons</Link>
      </p>
      <PageHeader title={b.nome} description="Estoque de códigos deste benefício e importação de novos códigos (CSV ou TXT, um código por linha)." />
      <EstoqueCards beneficio={b} />
      <Can permission="content.write">
        <AlertaForm beneficio={b} />
      </Can>
      {importacaoId ? (
        <ImportacaoPainel id={importacaoId} beneficio={b} onFechar={() => abrir(null)} />
      ) : (
        <Can permission="content.write" fallback={<p className="cupons-aviso">Seu papel pode consultar o estoque; importar códigos é com administração ou marketing.</p>}>
          <EnvioArquivo beneficio={b} onEnviado={(imp) => abrir(imp.id)} />
        </Can>
      )}
      <HistoricoImportacoes importacoes={b.importacoes} atual={importacaoId} onAbrir={abrir} />
    </>
  );
}

function AlertaForm({ beneficio: b }: { beneficio: CupomBeneficioDetalhe }) {
  const client = useQueryClient();
  const [valor, setValor] = useState(String(b.alertaMinimo));
  const [salvando, setSalvando] = useState(false);
  const n = Number(valor);
  const valido = /^\d+$/.test(valor) && n <= 10_000_000;
  async function salvar(e: React.FormEvent) {
    e.preventDefault();
    if (!valido) return;
    setSalvando(true);
    try {
      await definirAlerta(b.id, n);
      await client.invalidateQueries({ queryKey: cuponsQueryKey });
      notifySuccess(`Alerta de estoque baixo em ${numero(n)} códigos livres.`);
    } catch (err) {
      notifyError(err);
    } finally {
      setSalvando(false);
    }
  }
  return (
    <form className="cupons-alerta" onSubmit={(e) => void salvar(e)} noValidate>
      <label htmlFor="cupons-alerta-minimo">Avisar estoque baixo com até</label>
      <input id="cupons-alerta-minimo" inputMode="numeric" value={valor} onChange={(e) => setValor(e.target.value.trim())} aria-invalid={!valido} aria-describedby="cupons-alerta-dica" />
      <span id="cupons-alerta-dica">códigos livres {valido ? '' : '(um número inteiro de 0 a 10.000.000)'}</span>
      <button type="submit" className="admin-btn admin-btn--pequeno" disabled={!valido || salvando || n === b.alertaMinimo}>
        {salvando ? 'Salvando...' : 'Salvar alerta'}
      </button>
    </form>
  );
}
