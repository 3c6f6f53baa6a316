import type { Beneficio } from '@legiao/contracts/beneficio';
import { useId } from 'react';
import { botaoDoCard, inicioFuturo } from '../lib/estado-beneficio';
import { custo, dataBr } from '../lib/formatar';
import { BarraProgresso } from './barra-progresso';
import { ContagemRegressiva } from './contagem-regressiva';
import { Imagem } from '../../../shared/ui/imagem';

interface BeneficioCardProps {
  beneficio: Beneficio;
  saldo: number;
  /** Profile complete and defined: otherwise every button is disabled. */
  liberado: boolean;
  onAbrir: (b: Beneficio) => void;
  /** A countdown reached zero: the list must be read again. */
  onAbriu?: () => void;
}

/** A benefit card in one of the five states (spec 000 section 4). */
export function BeneficioCard({ beneficio: b, saldo, liberado, onAbrir, onAbriu }: BeneficioCardProps) {
  const tituloId = useId();
  const botao = botaoDoCard(b, liberado);
  const abreEm = b.estado === 'bloqueado' ? inicioFuturo(b) : null;
  const uso = b.estado === 'utilizado' ? b.resgates[0]?.dataUsoCupom : null;
  const mostraProgresso = b.valor > 0 && !b.jaResgatado && (b.estado === 'resgatavel' || b.codigoBloqueio === 'SALDO_INSUFICIENTE');

  return (
    <article className={`beneficio-card beneficio-card--${b.estado}`} aria-labelledby={tituloId}>
      <div className="beneficio-card__imagem">
        <Imagem src={b.urlImagem} alt="" loading="lazy" />
        {b.estado === 'esgotado' ? <span className="beneficio-card__selo">Esgotado</span> : null}
      </div>
      <div className="beneficio-card__corpo">
        <h3 id={tituloId} className="beneficio-card__nome">
          {b.nome}
        </h3>
        <p className="beneficio-card__custo">{custo(b.valor)}</p>
        {mostraProgresso ? <BarraProgresso saldo={saldo} valor={b.valor} nome={b.nome} /> : null}
        {abreEm ? <ContagemRegressiva alvo={abreEm} onFim={onAbriu} /> : null}
        {b.estado === 'bloqueado' && b.motivoBloqueio && b.codigoBloqueio !== 'PERFIL_INCOMPLETO' && b.codigoBloqueio !== 'PERFIL_NAO_DEFINIDO' ? (
          <p className="beneficio-card__motivo">{b.motivoBloqueio}</p>
        ) : null}
        {uso ? <p className="beneficio-card__uso">Usado em {dataBr(uso)}</p> : null}
        <button
          type="button"
          className={`button button--block beneficio-card__botao beneficio-card__botao--${b.estado}`}
          disabled={botao.desabilitado}
          onClick={() => onAbrir(b)}
        >
          {botao.rotulo}
        </button>
      </div>
    </article>
  );
}
