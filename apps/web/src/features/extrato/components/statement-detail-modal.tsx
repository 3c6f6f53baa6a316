import type { StatementItem } from '@legiao/contracts/extrato';
import type { ReactNode } from 'react';
import { Modal } from '../../../shared/ui/modal';
import { formatStatementDate, formatPoints } from '../lib/statement-format';

function Line({ rotulo: label, children }: { rotulo: string; children: ReactNode }) {
  return (
    <div className="extrato-detalhe__linha">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** One entry in full: the benefit (image, event, coupon, use, legal text), the referral or the product. */
export function StatementDetailModal({ item, onClose }: { item: StatementItem; onClose: () => void }) {
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
        <Line rotulo="Data">{formatStatementDate(item.dataTransacao)}</Line>
        <Line rotulo="Valor">{formatPoints(item.valor)}</Line>
        {item.indicado ? <Line rotulo="Amigo indicado">{item.indicado}</Line> : null}
        {item.produto ? <Line rotulo="Produto">{item.produto}</Line> : null}
        {item.opcao ? <Line rotulo="Dia escolhido">{item.opcao}</Line> : null}
        {item.cupom ? (
          <Line rotulo={b?.evento ? 'Código do ingresso' : 'Cupom'}>
            <code className="extrato-detalhe__cupom">{item.cupom}</code>
          </Line>
        ) : null}
        {item.numeroCupom !== null ? <Line rotulo={b?.evento ? 'Número do ingresso' : 'Número do cupom'}>{item.numeroCupom}</Line> : null}
        {item.usoCupom !== null ? (
          <Line rotulo="Uso">
            {item.usoCupom ? `Utilizado em ${formatStatementDate(item.dataUsoCupom) || 'data não informada'}` : 'Ainda não utilizado'}
          </Line>
        ) : null}
      </dl>
      {b?.textoLegal ? <p className="extrato-detalhe__legal">{b.textoLegal}</p> : null}
    </Modal>
  );
}
