import type { MemberProductGroup } from '@legiao/contracts/produto';
import { useId } from 'react';
import { Link } from 'react-router';
import {
  formatMemberCode,
  formatUnits,
  visibleFrame,
  summariseGroup,
  frameKind,
} from '../lib/product-format';
import { GiftIcon, StatusIcon, VerifiedIcon } from './icons';
import { ProductImage } from './product-image';

interface ProductCardProps {
  grupo: MemberProductGroup;
  /** The gifts list counts gifted units and spells its link VER MAIS. */
  lista?: 'colecao' | 'presentes';
}

/**
 * One product of the member (a group of entries): image or the default one, units when more than
 * one, the frame, verified and gift icons, the legion number as code/1913, name, category and a
 * link to its edit page (spec 000 section 2, spec 001 section 2.15).
 */
export function ProductCard({ grupo: group, lista: list = 'colecao' }: ProductCardProps) {
  const nameId = useId();
  const summary = summariseGroup(group, list);
  const frame = frameKind(group.moldura);
  return (
    <article className={`produto-card produto-card--${frame}`} aria-labelledby={nameId}>
      <div className="produto-card__moldura">
        {visibleFrame(group.moldura) ? <span className="produto-card__moldura-nome">{group.moldura}</span> : null}
        <ProductImage className="produto-card__img" src={group.img} alt="" loading="lazy" width={240} height={240} />
        {summary.units > 1 ? <span className="produto-card__unidades">{formatUnits(summary.units)}</span> : null}
        {summary.verified || summary.presente ? (
          <span className="produto-card__status">
            {summary.verified ? (
              <StatusIcon kind="verificado" label="Compra verificada">
                <VerifiedIcon />
              </StatusIcon>
            ) : null}
            {summary.presente ? (
              <StatusIcon kind="presente" label="Presente">
                <GiftIcon />
              </StatusIcon>
            ) : null}
          </span>
        ) : null}
      </div>
      <div className="produto-card__corpo">
        {summary.codigoLegionario !== null ? (
          <p className="produto-card__codigo">
            <span className="visually-hidden">Número da Legião </span>
            {formatMemberCode(summary.codigoLegionario)}
          </p>
        ) : null}
        <h3 id={nameId} className="produto-card__nome">
          {group.nome}
        </h3>
        <p className="produto-card__categoria">{group.categoria}</p>
        <Link className="produto-card__link" to={`/editar-produto/${group.id}?clicou=true`} aria-describedby={nameId}>
          {list === 'presentes' ? 'VER MAIS' : 'Ver mais'}
        </Link>
      </div>
    </article>
  );
}
