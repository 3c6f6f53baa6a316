import type { GrupoProdutoCliente } from '@legiao/contracts/produto';
import { useId } from 'react';
import { Link } from 'react-router';
import {
  formatCodigoLegionario,
  formatUnidades,
  molduraVisivel,
  resumirGrupo,
  tipoMoldura,
} from '../lib/produto-format';
import { GiftIcon, StatusIcon, VerifiedIcon } from './icons';
import { ProdutoImagem } from './produto-imagem';

interface ProdutoCardProps {
  grupo: GrupoProdutoCliente;
  /** The gifts list counts gifted units and spells its link VER MAIS. */
  lista?: 'colecao' | 'presentes';
}

/**
 * One product of the member (a group of entries): image or the default one, units when more than
 * one, the frame, verified and gift icons, the legion number as code/1913, name, category and a
 * link to its edit page (spec 000 section 2, spec 001 section 2.15).
 */
export function ProdutoCard({ grupo, lista = 'colecao' }: ProdutoCardProps) {
  const nomeId = useId();
  const resumo = resumirGrupo(grupo, lista);
  const moldura = tipoMoldura(grupo.moldura);
  return (
    <article className={`produto-card produto-card--${moldura}`} aria-labelledby={nomeId}>
      <div className="produto-card__moldura">
        {molduraVisivel(grupo.moldura) ? <span className="produto-card__moldura-nome">{grupo.moldura}</span> : null}
        <ProdutoImagem className="produto-card__img" src={grupo.img} alt="" loading="lazy" width={240} height={240} />
        {resumo.unidades > 1 ? <span className="produto-card__unidades">{formatUnidades(resumo.unidades)}</span> : null}
        {resumo.verificado || resumo.presente ? (
          <span className="produto-card__status">
            {resumo.verificado ? (
              <StatusIcon kind="verificado" label="Compra verificada">
                <VerifiedIcon />
              </StatusIcon>
            ) : null}
            {resumo.presente ? (
              <StatusIcon kind="presente" label="Presente">
                <GiftIcon />
              </StatusIcon>
            ) : null}
          </span>
        ) : null}
      </div>
      <div className="produto-card__corpo">
        {resumo.codigoLegionario !== null ? (
          <p className="produto-card__codigo">
            <span className="visually-hidden">Número da Legião </span>
            {formatCodigoLegionario(resumo.codigoLegionario)}
          </p>
        ) : null}
        <h3 id={nomeId} className="produto-card__nome">
          {grupo.nome}
        </h3>
        <p className="produto-card__categoria">{grupo.categoria}</p>
        <Link className="produto-card__link" to={`/editar-produto/${grupo.id}?clicou=true`} aria-describedby={nomeId}>
          {lista === 'presentes' ? 'VER MAIS' : 'Ver mais'}
        </Link>
      </div>
    </article>
  );
}
