import { INDICACAO_MSG } from '@legiao/contracts/indicacao';
import { useId } from 'react';
import { Link } from 'react-router';
import { BackLink } from '../../../shared/ui/back-link';
import { Loader } from '../../../shared/ui/loader';
import { semProgramaIndicacao, useIndicacaoCodigo, useIndicacaoResumo } from '../api/get-indicacao';
import { ConviteIndicacaoSection } from '../components/convite-indicacao-section';
import { IndicacoesTabs } from '../components/indicacoes-tabs';
import { PassosCarousel } from '../components/passos-carousel';
import { useAcoesIndicacao } from '../components/use-acoes-indicacao';
import { POR_QUE_COMPARTILHAR } from '../lib/mensagem-indicacao';
import '../indicacoes.css';

/** /indicacoes (spec 001 section 2.18): the invitation, the tabs, why share and the step by step. */
export function IndicacoesPage() {
  const listaId = useId();
  const porQueId = useId();
  const passosId = useId();
  const resumo = useIndicacaoResumo();
  const codigo = useIndicacaoCodigo();
  const acoes = useAcoesIndicacao(codigo.data);

  if (semProgramaIndicacao(resumo.error)) {
    return (
      <main id="conteudo" className="page page--narrow">
        <BackLink to="/home" />
        <h1 className="page__title">Indicações</h1>
        <p className="page__text">{INDICACAO_MSG.soMembros} Como colaborador, você tem os cupons Friends & Family.</p>
        <Link className="button" to="/home">
          Voltar para a home
        </Link>
      </main>
    );
  }

  return (
    <main id="conteudo" className="page indicacoes">
      <BackLink to="/home" />
      <h1 className="page__title">Indicações</h1>
      <ConviteIndicacaoSection mostrarVerIndicacoes={false} />

      <section className="indicacoes__secao" aria-labelledby={listaId}>
        <h2 id={listaId} className="indicacoes__subtitulo">
          Minhas indicações
        </h2>
        {resumo.data ? <IndicacoesTabs resumo={resumo.data} /> : null}
        {resumo.isPending ? <Loader label="Carregando suas indicações..." /> : null}
        {resumo.isError && !resumo.data ? <p className="page__text">Não foi possível carregar suas indicações agora.</p> : null}
      </section>

      <section className="indicacoes__secao" aria-labelledby={porQueId}>
        <h2 id={porQueId} className="indicacoes__subtitulo">
          Por que compartilhar?
        </h2>
        <ul className="indicacoes__motivos">
          {POR_QUE_COMPARTILHAR.map((motivo) => (
            <li key={motivo}>{motivo}</li>
          ))}
        </ul>
      </section>

      <section className="indicacoes__secao" aria-labelledby={passosId}>
        <h2 id={passosId} className="indicacoes__subtitulo">
          Passo a passo
        </h2>
        <PassosCarousel acoes={acoes} />
      </section>
    </main>
  );
}
