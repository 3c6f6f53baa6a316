import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { BenefitCouponDetail } from '@legiao/contracts/admin/cupons';
import { errorMessage } from '../../../shared/api/api-error';
import { Can, ErrorState, LoadingState, notifyError, notifySuccess, PageHeader } from '../ui/index';
import { couponsQueryKey, setAlert, useBenefitCouponQuery } from './api/coupons-api';
import { StockCards } from './components/stock-cards';
import { FileUpload } from './components/file-upload';
import { ImportPanel } from './components/import-panel';
import { ImportHistory } from './components/import-history';
import { number } from './components/formatar';

/**
 * /admin/cupons/{id}: one benefit's pools. The import being looked at lives in the URL
 * (?importacao=<id>), so a reload (or a colleague opening the link) finds the same report or progress.
 */
export function BenefitCouponPage() {
  const id = Number(useParams().id);
  const q = useBenefitCouponQuery(id);
  const [search, setSearch] = useSearchParams();
  const importId = search.get('importacao');
  const open = (imp: string | null) =>
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
      <StockCards beneficio={b} />
      <Can permission="content.write">
        <AlertForm beneficio={b} />
      </Can>
      {importId ? (
        <ImportPanel id={importId} beneficio={b} onClose={() => open(null)} />
      ) : (
        <Can permission="content.write" fallback={<p className="cupons-aviso">Seu papel pode consultar o estoque; importar códigos é com administração ou marketing.</p>}>
          <FileUpload beneficio={b} onSent={(imp) => open(imp.id)} />
        </Can>
      )}
      <ImportHistory importacoes={b.importacoes} atual={importId} onOpen={open} />
    </>
  );
}

function AlertForm({ beneficio: b }: { beneficio: BenefitCouponDetail }) {
  const client = useQueryClient();
  const [value, setValue] = useState(String(b.alertaMinimo));
  const [saving, setSaving] = useState(false);
  const n = Number(value);
  const valid = /^\d+$/.test(value) && n <= 10_000_000;
  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (!valid) return;
    setSaving(true);
    try {
      await setAlert(b.id, n);
      await client.invalidateQueries({ queryKey: couponsQueryKey });
      notifySuccess(`Alerta de estoque baixo em ${number(n)} códigos livres.`);
    } catch (err) {
      notifyError(err);
    } finally {
      setSaving(false);
    }
  }
  return (
    <form className="cupons-alerta" onSubmit={(e) => void save(e)} noValidate>
      <label htmlFor="cupons-alerta-minimo">Avisar estoque baixo com até</label>
      <input id="cupons-alerta-minimo" inputMode="numeric" value={value} onChange={(e) => setValue(e.target.value.trim())} aria-invalid={!valid} aria-describedby="cupons-alerta-dica" />
      <span id="cupons-alerta-dica">códigos livres {valid ? '' : '(um número inteiro de 0 a 10.000.000)'}</span>
      <button type="submit" className="admin-btn admin-btn--pequeno" disabled={!valid || saving || n === b.alertaMinimo}>
        {saving ? 'Salvando...' : 'Salvar alerta'}
      </button>
    </form>
  );
}
