import { useId, useState } from 'react';
import { Link } from 'react-router';
import { mailtoUrl, whatsappUrl } from '../../../shared/lib/clipboard';
import { useIndicacaoCodigo, useIndicacaoResumo, semProgramaIndicacao } from '../api/get-indicacao';
import { ASSUNTO_INDICACAO, CUPOM_AMIGO, ECONOMIA_MAXIMA, RESTRICAO_CURTA, mensagemIndicacao } from '../lib/mensagem-indicacao';
import { InstagramStoryModal } from './instagram-story-modal';
import { useAcoesIndicacao } from './use-acoes-indicacao';
import '../indicacoes.css';

interface ConviteIndicacaoSectionProps {
  /** /indicacoes already is the list: there the 'Ver indicações' link is left out. */
  mostrarVerIndicacoes?: boolean;
}

/**
 * 'Indique e ganhe' (spec 000 section 2, Referral invitation): the member's link with a copy button,
 * sharing by e-mail, WhatsApp and an Instagram story, and the confirmed count. Staff take no part in
 * referrals (the API answers 403), so for them the section renders nothing.
 */
export function ConviteIndicacaoSection({ mostrarVerIndicacoes = true }: ConviteIndicacaoSectionProps) {
  const tituloId = useId();
  const campoId = useId();
  const codigo = useIndicacaoCodigo();
  const resumo = useIndicacaoResumo();
  const acoes = useAcoesIndicacao(codigo.data);
  const [storyAberto, setStoryAberto] = useState(false);

  if (semProgramaIndicacao(codigo.error) || semProgramaIndicacao(resumo.error)) return null;
  const url = codigo.data?.url ?? '';
  const mensagem = url ? mensagemIndicacao(url) : '';

  return (
    <section className="convite" aria-labelledby={tituloId}>
      <h2 id={tituloId} className="convite__titulo">
        Indique e ganhe
      </h2>
      <p className="convite__texto">
        Compartilhe seu link: seu amigo ganha um {CUPOM_AMIGO} ({RESTRICAO_CURTA}) e
        você soma pontos para economizar {ECONOMIA_MAXIMA} em benefícios.
      </p>

      <div className="field">
        <label className="field__label" htmlFor={campoId}>
          Seu link de indicação
        </label>
        <div className="field__inline">
          <input
            id={campoId}
            className="field__input"
            readOnly
            value={codigo.isError ? 'Não foi possível carregar seu link.' : url || 'Carregando...'}
            onFocus={(e) => e.currentTarget.select()}
          />
          <button type="button" className="button" disabled={!acoes.pronto} onClick={() => void acoes.copiarLink()}>
            {acoes.copiado ? 'Link copiado!' : 'Copiar link'}
          </button>
        </div>
        <p className="visually-hidden" role="status">
          {acoes.copiado ? 'Link copiado!' : ''}
        </p>
      </div>

      <div className="convite__compartilhar" role="group" aria-label="Compartilhar">
        {url ? (
          <>
            <a className="button button--small button--ghost" href={mailtoUrl(ASSUNTO_INDICACAO, mensagem)}>
              Enviar por e-mail
            </a>
            <a className="button button--small button--ghost" href={whatsappUrl(mensagem)} target="_blank" rel="noopener noreferrer">
              Enviar pelo WhatsApp
            </a>
          </>
        ) : null}
        <button type="button" className="button button--small button--ghost" disabled={!acoes.pronto} onClick={() => setStoryAberto(true)}>
          Compartilhar no Instagram
        </button>
      </div>

      <div className="convite__rodape">
        <p className="convite__contagem">
          Indicações confirmadas: <strong>{resumo.data ? resumo.data.confirmados : '–'}</strong>
        </p>
        {mostrarVerIndicacoes ? (
          <Link className="convite__ver" to="/indicacoes">
            Ver indicações
          </Link>
        ) : null}
      </div>

      {storyAberto && codigo.data ? (
        <InstagramStoryModal codigo={codigo.data} acoes={acoes} onClose={() => setStoryAberto(false)} />
      ) : null}
    </section>
  );
}
