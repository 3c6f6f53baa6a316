import type { ProdutoClienteItem } from '@legiao/contracts/produto';
import { marcadoComoPresente, pedeQuantidadePresente, rotuloPresente } from '../lib/regras-produto';
import { GiftIcon } from './icons';

interface BotaoPresenteProps {
  item: ProdutoClienteItem;
  desabilitado?: boolean;
  /** Flip the mark (a received gift, or a verified order of one unit). */
  onAlternar: () => void;
  /** A verified order of several units: ask how many were gifts. */
  onPedirQuantidade: () => void;
}

/** 'Comprei para presente' for a verified entry, 'Ganhei de presente' otherwise (spec 001 section 4). */
export function BotaoPresente({ item, desabilitado, onAlternar, onPedirQuantidade }: BotaoPresenteProps) {
  const rotulo = rotuloPresente(item);
  if (pedeQuantidadePresente(item)) {
    return (
      <div className="presente-acao">
        <button type="button" className="button button--presente" onClick={onPedirQuantidade} disabled={desabilitado}>
          <GiftIcon />
          {rotulo}
        </button>
        <span className="presente-acao__info">
          {item.quantidadePresente} de {item.quantidade} para presente
        </span>
      </div>
    );
  }
  const marcado = marcadoComoPresente(item);
  return (
    <button
      type="button"
      className={marcado ? 'button button--presente button--marcado' : 'button button--presente'}
      aria-pressed={marcado}
      onClick={onAlternar}
      disabled={desabilitado}
    >
      <GiftIcon />
      {rotulo}
    </button>
  );
}
