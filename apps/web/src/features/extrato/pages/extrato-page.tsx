import type { ExtratoItem } from '@legiao/contracts/extrato';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useLoggedUser } from '../../../shared/session/get-logged-user';
import { BackLink } from '../../../shared/ui/back-link';
import { Loader } from '../../../shared/ui/loader';
import { useExtrato } from '../api/get-extrato';
import { ExtratoDetalheModal } from '../components/extrato-detalhe-modal';
import { ExtratoFiltro } from '../components/extrato-filtro';
import { ExtratoLista } from '../components/extrato-lista';
import { saldoTexto } from '../lib/extrato-format';
import { descricaoFiltro, filtroDeParams, paramsDeFiltro, type FiltroExtrato } from '../lib/filtro-extrato';
import '../extrato.css';

const VAZIO = 'Nenhum resultado foi encontrado';

/** /extrato, 'Meu extrato' (spec 001 section 2.19): balance, month/year filter, entries and details. */
export function ExtratoPage() {
  const [params, setParams] = useSearchParams();
  const filtro = filtroDeParams(params);
  const extrato = useExtrato(filtro);
  const { data: user } = useLoggedUser();
  const [aberto, setAberto] = useState<ExtratoItem | null>(null);
  const itens = extrato.data ?? [];

  const filtrar = (novo: FiltroExtrato) => setParams(paramsDeFiltro(novo), { replace: true, preventScrollReset: true });

  return (
    <main id="conteudo" className="page extrato">
      <BackLink to="/home" />
      <h1 className="page__title">Meu extrato</h1>
      <div className="extrato-saldo" aria-label="Saldo atual" role="group">
        <span className="extrato-saldo__rotulo">Saldo atual</span>
        <strong className="extrato-saldo__valor">{user ? saldoTexto(user.saldo) : '–'}</strong>
      </div>

      <ExtratoFiltro filtro={filtro} onChange={filtrar} />
      <p className="extrato__periodo" aria-live="polite">
        {descricaoFiltro(filtro)}
      </p>

      {extrato.isPending ? <Loader label="Carregando seu extrato..." /> : null}
      {extrato.isError ? <p className="page__text">Não foi possível carregar seu extrato agora.</p> : null}
      {extrato.isSuccess && !extrato.isPlaceholderData && itens.length === 0 ? <p className="extrato__vazio">{VAZIO}</p> : null}
      {itens.length ? <ExtratoLista itens={itens} onAbrir={setAberto} /> : null}
      {aberto ? <ExtratoDetalheModal item={aberto} onClose={() => setAberto(null)} /> : null}
    </main>
  );
}
