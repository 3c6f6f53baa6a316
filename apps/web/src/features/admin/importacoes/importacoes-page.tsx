import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { IMPORTACAO_TIPOS, type ImportacaoTipo } from '@legiao/contracts/admin/importacoes';
import { PageHeader } from '../ui';
import { EnvioMapeamento } from './envio-mapeamento';
import { importacoesKey } from './importacoes-api';
import { Historico } from './historico';
import { SimulacaoPainel } from './simulacao-painel';
import '../cupons/cupons.css';
import './importacoes.css';

const ABAS: Record<ImportacaoTipo, string> = { compras: 'Compras verificadas', 'usos-cupom': 'Uso de cupons' };

/**
 * /admin/importacoes: the brand's files (docs/decisions/0032-back-office-imports.md). The kind, the
 * open import and the history page live in the URL (?tipo=&importacao=&pagina=), so a reload or a
 * shared link comes back to the same import and its progress.
 */
export function ImportacoesPage() {
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tipo: ImportacaoTipo = (IMPORTACAO_TIPOS as readonly string[]).includes(params.get('tipo') ?? '') ? (params.get('tipo') as ImportacaoTipo) : 'compras';
  const aberta = params.get('importacao');
  const pagina = Math.max(1, Number(params.get('pagina')) || 1);
  const set = (next: Record<string, string | null>) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      for (const [k, v] of Object.entries(next)) (v === null ? n.delete(k) : n.set(k, v));
      return n;
    });

  return (
    <>
      <PageHeader title="Importações" description="Arquivos da marca: compras verificadas e uso de cupons na loja. Envie, confira a simulação e aplique." />
      <div className="importacoes-abas" role="tablist" aria-label="Tipo de arquivo">
        {IMPORTACAO_TIPOS.map((t) => (
          <button key={t} type="button" role="tab" aria-selected={t === tipo} className={`importacoes-aba${t === tipo ? ' importacoes-aba--ativa' : ''}`} onClick={() => set({ tipo: t, importacao: null, pagina: null })}>
            {ABAS[t]}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={ABAS[tipo]} className="importacoes-conteudo">
        {aberta ? <SimulacaoPainel key={aberta} id={aberta} onFechar={() => set({ importacao: null })} /> : <EnvioMapeamento key={tipo} tipo={tipo} onSimulada={(imp) => {
              void qc.invalidateQueries({ queryKey: importacoesKey });
              set({ importacao: imp.id });
            }} />}
        <Historico tipo={tipo} pagina={pagina} onPagina={(p) => set({ pagina: String(p) })} onAbrir={(id) => set({ importacao: id })} />
      </div>
    </>
  );
}
