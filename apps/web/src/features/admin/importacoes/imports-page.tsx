import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { IMPORT_KINDS, type ImportKind } from '@legiao/contracts/admin/importacoes';
import { PageHeader } from '../ui/index';
import { UploadMapping } from './upload-mapping';
import { importsKey } from './imports-api';
import { History } from './history';
import { DryRunPanel } from './dry-run-panel';
import '../cupons/cupons.css';
import './importacoes.css';

const TABS: Record<ImportKind, string> = { compras: 'Compras verificadas', 'usos-cupom': 'Uso de cupons' };

/**
 * /admin/importacoes: the brand's files (docs/decisions/0032-back-office-imports.md). The kind, the
 * open import and the history page live in the URL (?tipo=&importacao=&pagina=), so a reload or a
 * shared link comes back to the same import and its progress.
 */
export function ImportsPage() {
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const kind: ImportKind = (IMPORT_KINDS as readonly string[]).includes(params.get('tipo') ?? '') ? (params.get('tipo') as ImportKind) : 'compras';
  const isOpen = params.get('importacao');
  const page = Math.max(1, Number(params.get('pagina')) || 1);
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
        {IMPORT_KINDS.map((t) => (
          <button key={t} type="button" role="tab" aria-selected={t === kind} className={`importacoes-aba${t === kind ? ' importacoes-aba--ativa' : ''}`} onClick={() => set({ tipo: t, importacao: null, pagina: null })}>
            {TABS[t]}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={TABS[kind]} className="importacoes-conteudo">
        {isOpen ? <DryRunPanel key={isOpen} id={isOpen} onClose={() => set({ importacao: null })} /> : <UploadMapping key={kind} tipo={kind} onDryRun={(imp) => {
              void qc.invalidateQueries({ queryKey: importsKey });
              set({ importacao: imp.id });
            }} />}
        <History tipo={kind} pagina={page} onPage={(p) => set({ pagina: String(p) })} onOpen={(id) => set({ importacao: id })} />
      </div>
    </>
  );
}
