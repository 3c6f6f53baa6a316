import type { ExtratoItem } from '@legiao/contracts/extrato';
import type { ReactNode } from 'react';
import { Modal } from '../../../shared/ui/modal';
import { formatDataExtrato, formatPontos } from '../lib/extrato-format';

function Linha({ rotulo, children }: { rotulo: string; children: ReactNode }) {
  return (
    <div className="extrato-detalhe__linha">
      <dt>{rotulo}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** One entry in full: the benefit (image, event, coupon, use, legal text), the referral or the product. */
export function ExtratoDetalheModal({ item, onClose }: { item: ExtratoItem; onClose: () => void }) {
  const b = item.beneficio;
  return (
    <Modal titulo={item.motivo} onClose={onClose}>
      {b ? (
        <div className="extrato-detalhe__beneficio">
          <img className="extrato-detalhe__imagem" src={b.urlImagem} alt="" loading="lazy" />
          <p className="extrato-detalhe__nome">{b.nome}</p>
          {b.evento ? <span className="extrato-detalhe__selo">Evento</span> : null}
        </div>
      ) : null}
      <dl className="extrato-detalhe">
        <Linha rotulo="Data">{formatDataExtrato(item.dataTransacao)}</Linha>
        <Linha rotulo="Valor">{formatPontos(item.valor)}</Linha>
        {item.indicado ? <Linha rotulo="Amigo indicado">{item.indicado}</Linha> : null}
        {item.produto ? <Linha rotulo="Produto">{item.produto}</Linha> : null}
        {item.opcao ? <Linha rotulo="Dia escolhido">{item.opcao}</Linha> : null}
        {item.cupom ? (
          <Linha rotulo={b?.evento ? 'Código do ingresso' : 'Cupom'}>
            <code className="extrato-detalhe__cupom">{item.cupom}</code>
          </Linha>
        ) : null}
        {item.numeroCupom !== null ? <Linha rotulo={b?.evento ? 'Número do ingresso' : 'Número do cupom'}>{item.numeroCupom}</Linha> : null}
        {item.usoCupom !== null ? (
          <Linha rotulo="Uso">
            {item.usoCupom ? `Utilizado em ${formatDataExtrato(item.dataUsoCupom) || 'data não informada'}` : 'Ainda não utilizado'}
          </Linha>
        ) : null}
      </dl>
      {b?.textoLegal ? <p className="extrato-detalhe__legal">{b.textoLegal}</p> : null}
    </Modal>
  );
}
