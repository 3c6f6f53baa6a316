import { LOADER_SATISFACAO_MS } from '@legiao/contracts/satisfacao';
import { useIsMutating } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { scrollToTop } from '../../../shared/navigation/app-navigate';
import { AuthLayout } from '../../../shared/layout/auth-layout';
import { firstName } from '../../../shared/session/get-logged-user';
import { Loader } from '../../../shared/ui/loader';
import { satisfacaoMutationKey, useSatisfacao } from '../api/get-satisfacao';
import { BarraProgresso } from '../components/barra-progresso';
import { EtapaForm } from '../components/etapa-form';
import { PesquisaEncerrada } from '../components/pesquisa-encerrada';
import { PesquisaFinal } from '../components/pesquisa-final';
import { useVisivelAte } from '../lib/use-visivel-ate';
import '../satisfacao.css';

/**
 * /pesquisa-de-satisfacao?hash= (spec 001 section 2.17): public, no login. The server owns the
 * state (which page, finished, coupon); this page shows it and reloads it after each call.
 */
export function PesquisaSatisfacaoPage() {
  const [params] = useSearchParams();
  const hash = params.get('hash')?.trim() ?? '';
  const query = useSatisfacao(hash);
  // The loader also covers the form's posts and restarts (matched by mutation key).
  const enviando = useIsMutating({ mutationKey: satisfacaoMutationKey }) > 0;
  const ocupado = hash !== '' && (query.isFetching || enviando);
  const loader = useVisivelAte(ocupado, LOADER_SATISFACAO_MS);
  const estado = query.data;

  // A new page of questions starts at the top, with focus on its title (set by the form).
  const paginaAnterior = useRef<number | null>(null);
  const pagina = estado && !estado.faseEncerrada ? estado.pagina : null;
  const mudouDePagina = pagina !== null && paginaAnterior.current !== null && paginaAnterior.current !== pagina;
  useEffect(() => {
    if (pagina === null) return;
    if (paginaAnterior.current !== null && paginaAnterior.current !== pagina) scrollToTop();
    paginaAnterior.current = pagina;
  }, [pagina]);

  let conteudo;
  if (hash === '' || query.isError) {
    conteudo = <PesquisaEncerrada />;
  } else if (!estado) {
    conteudo = <Loader label="Carregando a pesquisa..." />;
  } else if (estado.faseEncerrada) {
    conteudo = estado.concluida ? (
      <>
        <BarraProgresso pagina={estado.pagina} concluida />
        <PesquisaFinal primeiroNome={firstName(estado.nome)} cupom={estado.cupom} />
      </>
    ) : (
      <PesquisaEncerrada />
    );
  } else if (estado.idPesquisa === null) {
    conteudo = <PesquisaEncerrada />;
  } else {
    conteudo = (
      <>
        <h1 className="auth-card__title satisfacao__titulo">Pesquisa de satisfação</h1>
        <EtapaForm
          key={estado.pagina}
          hash={hash}
          estado={{ ...estado, idPesquisa: estado.idPesquisa }}
          focarTitulo={mudouDePagina}
        />
      </>
    );
  }

  // The first load shows the loader alone; later loads cover the page so the answers stay put.
  const sobreposto = loader && estado !== undefined && hash !== '';
  return (
    <AuthLayout wide>
      <div className="satisfacao" aria-busy={sobreposto || undefined}>
        {conteudo}
        {sobreposto ? (
          <div className="satisfacao__sobreposicao">
            <Loader label="Carregando..." />
          </div>
        ) : null}
      </div>
    </AuthLayout>
  );
}
