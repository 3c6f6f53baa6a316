import type { Benefit, RedemptionResponse } from '@legiao/contracts/beneficio';
import { BENEFIT_MSG } from '@legiao/contracts/beneficio-constants';
import { useRef, useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error';
import { NOTICE_DURATION_MS, useNotices } from '../../../shared/notices/notice-context';
import { Checkbox } from '../../../shared/ui/checkbox';
import { Modal } from '../../../shared/ui/modal';
import { SelectField } from '../../../shared/ui/select-field';
import { useRedeemBenefit } from '../api/redeem-benefit';
import { newKey } from '../lib/idempotency-key';
import { firstAvailableDay } from '../lib/benefit-state';
import { cost, dataBr, pointCount } from '../lib/formatar';
import { CouponView } from './coupon-view';
import { Image } from '../../../shared/ui/image';

/**
 * The benefit's modal: the redeem form (terms box, event day) or, once redeemed, the coupon. A
 * multiple-redemption benefit that can be redeemed again offers it below the coupon (terms again).
 */
export function RedemptionModal({ beneficio: benefit, onClose }: { beneficio: Benefit; onClose: () => void }) {
  const { notify } = useNotices();
  const redemption = useRedeemBenefit();
  const [seen, setSeen] = useState<'formulario' | 'cupom'>(benefit.jaResgatado ? 'cupom' : 'formulario');
  const [recent, setRecent] = useState<RedemptionResponse | null>(null);
  const [acceptance, setAcceptance] = useState(false);
  const [termsError, setTermsError] = useState<string | undefined>();
  const [optionId, setOptionId] = useState<number | undefined>(() => firstAvailableDay(benefit.dias));
  // One key per redemption attempt: a retry after a lost answer must not redeem twice.
  const key = useRef<string | null>(null);

  function newRedemption() {
    key.current = null;
    setAcceptance(false);
    setTermsError(undefined);
    setOptionId(firstAvailableDay(benefit.dias));
    setSeen('formulario');
  }

  function send(event: FormEvent) {
    event.preventDefault();
    if (!acceptance) {
      setTermsError(BENEFIT_MSG.termos);
      return;
    }
    key.current ??= newKey();
    redemption.mutate(
      { idBeneficio: benefit.id, idOpcao: benefit.dias.length ? optionId : undefined, chave: key.current },
      {
        onSuccess: (r) => {
          key.current = null;
          setRecent(r);
          setSeen('cupom');
        },
        onError: (err) => {
          // No answer (network) or the server gave up: the same attempt may have gone through, so a
          // retry keeps the key. A refusal changed nothing: the next try is a new attempt.
          const withoutAnswer = err instanceof ApiError && (err.status === 0 || err.status >= 500);
          if (!withoutAnswer) key.current = null;
          notify({ message: errorMessage(err), kind: 'error', duration: NOTICE_DURATION_MS });
        },
      },
    );
  }

  const last = recent ?? benefit.resgates[0];

  return (
    <Modal titulo={benefit.nome} onClose={onClose}>
      {seen === 'cupom' && last ? (
        <>
          {recent ? (
            <p className="resgate__sucesso" role="status">
              Benefício resgatado! Seu saldo agora é de {pointCount(recent.saldo)}.
            </p>
          ) : null}
          <CouponView cupom={last} evento={benefit.evento} urlBeneficio={benefit.urlBeneficio} />
          {benefit.multiploResgate ? (
            benefit.podeResgatar ? (
              <div className="modal__acoes">
                <button type="button" className="button" onClick={newRedemption}>
                  Resgatar novamente
                </button>
              </div>
            ) : benefit.motivoBloqueio ? (
              <p className="resgate__aviso">{benefit.motivoBloqueio}</p>
            ) : null
          ) : null}
        </>
      ) : (
        <form className="resgate" onSubmit={send} noValidate>
          <Image className="resgate__imagem" src={benefit.urlImagem} alt="" />
          {benefit.descricao ? <p className="modal__texto">{benefit.descricao}</p> : null}
          <p className="resgate__custo">
            Custo: <strong>{cost(benefit.valor)}</strong>
            {benefit.dataEvento ? <> · Evento em {dataBr(benefit.dataEvento)}</> : null}
          </p>
          {benefit.dias.length ? (
            <SelectField
              label="Escolha o dia"
              value={optionId ?? ''}
              onChange={(e) => {
                key.current = null; // another day is another attempt
                setOptionId(Number(e.target.value));
              }}
            >
              {benefit.dias.map((d) => (
                <option key={d.id} value={d.id} disabled={d.esgotado}>
                  {d.esgotado ? `${d.nome} (esgotado)` : d.nome}
                </option>
              ))}
            </SelectField>
          ) : null}
          <h3 className="resgate__termos-titulo">Termos de uso</h3>
          <div className="resgate__termos" tabIndex={0} aria-label="Termos de uso do benefício">
            {benefit.textoLegal}
          </div>
          <Checkbox
            label="Li e concordo com os termos de uso deste benefício."
            checked={acceptance}
            error={termsError}
            onChange={(e) => {
              setAcceptance(e.target.checked);
              if (e.target.checked) setTermsError(undefined);
            }}
          />
          <div className="modal__acoes">
            <button type="submit" className="button" disabled={redemption.isPending}>
              {redemption.isPending ? 'Resgatando...' : 'Resgatar'}
            </button>
            <button type="button" className="button button--ghost" onClick={onClose}>
              Cancelar
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
