import type { StatementItem } from '@legiao/contracts/extrato';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useLoggedUser } from '../../../shared/session/get-logged-user';
import { BackLink } from '../../../shared/ui/back-link';
import { Loader } from '../../../shared/ui/loader';
import { useStatement } from '../api/get-statement';
import { StatementDetailModal } from '../components/statement-detail-modal';
import { StatementFilter } from '../components/statement-filter';
import { StatementList } from '../components/statement-list';
import { balanceText, negativeBalanceNote } from '../lib/statement-format';
import { filterDescription, paramsFilter, filterParams, type FilterStatement } from '../lib/statement-filters';
import '../extrato.css';

const EMPTY = 'Nenhum resultado foi encontrado';

/** /extrato, 'Meu extrato' (spec 001 section 2.19): balance, month/year filter, entries and details. */
export function StatementPage() {
  const [params, setParams] = useSearchParams();
  const filter = paramsFilter(params);
  const statement = useStatement(filter);
  const { data: user } = useLoggedUser();
  const [isOpen, setIsOpen] = useState<StatementItem | null>(null);
  const items = statement.data ?? [];

  const applyFilter = (newOne: FilterStatement) => setParams(filterParams(newOne), { replace: true, preventScrollReset: true });

  return (
    <main id="conteudo" className="page extrato">
      <BackLink to="/home" />
      <h1 className="page__title">Meu extrato</h1>
      <div className="extrato-saldo" aria-label="Saldo atual" role="group">
        <span className="extrato-saldo__rotulo">Saldo atual</span>
        <strong className={`extrato-saldo__valor${user && user.saldo < 0 ? ' extrato-saldo__valor--negativo' : ''}`}>{user ? balanceText(user.saldo) : '–'}</strong>
      </div>
      {user && negativeBalanceNote(user.saldo) ? (
        <p className="extrato-saldo__aviso" role="note">
          {negativeBalanceNote(user.saldo)}
        </p>
      ) : null}

      <StatementFilter filter={filter} onChange={applyFilter} />
      <p className="extrato__periodo" aria-live="polite">
        {filterDescription(filter)}
      </p>

      {statement.isPending ? <Loader label="Carregando seu extrato..." /> : null}
      {statement.isError ? <p className="page__text">Não foi possível carregar seu extrato agora.</p> : null}
      {statement.isSuccess && !statement.isPlaceholderData && items.length === 0 ? <p className="extrato__vazio">{EMPTY}</p> : null}
      {items.length ? <StatementList itens={items} onOpen={setIsOpen} /> : null}
      {isOpen ? <StatementDetailModal item={isOpen} onClose={() => setIsOpen(null)} /> : null}
    </main>
  );
}
