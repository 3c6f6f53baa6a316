import type { Beneficio, ResgateResponse } from '@legiao/contracts/beneficio';
import { BENEFICIO_MSG } from '@legiao/contracts/beneficio-constantes';
import { useRef, useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error';
import { NOTICE_DURATION_MS, useNotices } from '../../../shared/notices/notice-context';
import { Checkbox } from '../../../shared/ui/checkbox';
import { Modal } from '../../../shared/ui/modal';
import { SelectField } from '../../../shared/ui/select-field';
import { useResgatarBeneficio } from '../api/resgatar-beneficio';
import { novaChave } from '../lib/chave-idempotencia';
import { primeiroDiaDisponivel } from '../lib/estado-beneficio';
import { custo, dataBr, qtdPontos } from '../lib/formatar';
import { CupomView } from './cupom-view';
import { Imagem } from '../../../shared/ui/imagem';

/**
 * The benefit's modal: the redeem form (terms box, event day) or, once redeemed, the coupon. A
 * multiple-redemption benefit that can be redeemed again offers it below the coupon (terms again).
 */
export function ResgateModal({ beneficio, onClose }: { beneficio: Beneficio; onClose: () => void }) {
  const { notify } = useNotices();
  const resgate = useResgatarBeneficio();
  const [vista, setVista] = useState<'formulario' | 'cupom'>(beneficio.jaResgatado ? 'cupom' : 'formulario');
  const [recente, setRecente] = useState<ResgateResponse | null>(null);
  const [aceite, setAceite] = useState(false);
  const [erroTermos, setErroTermos] = useState<string | undefined>();
  const [idOpcao, setIdOpcao] = useState<number | undefined>(() => primeiroDiaDisponivel(beneficio.dias));
  // One key per redemption attempt: a retry after a lost answer must not redeem twice.
  const chave = useRef<string | null>(null);

  function novoResgate() {
    chave.current = null;
    setAceite(false);
    setErroTermos(undefined);
    setIdOpcao(primeiroDiaDisponivel(beneficio.dias));
    setVista('formulario');
  }

  function enviar(event: FormEvent) {
    event.preventDefault();
    if (!aceite) {
      setErroTermos(BENEFICIO_MSG.termos);
      return;
    }
    chave.current ??= novaChave();
    resgate.mutate(
      { idBeneficio: beneficio.id, idOpcao: beneficio.dias.length ? idOpcao : undefined, chave: chave.current },
      {
        onSuccess: (r) => {
          chave.current = null;
          setRecente(r);
          setVista('cupom');
        },
        onError: (err) => {
          // No answer (network) or the server gave up: the same attempt may have gone through, so a
          // retry keeps the key. A refusal changed nothing: the next try is a new attempt.
          const semResposta = err instanceof ApiError && (err.status === 0 || err.status >= 500);
          if (!semResposta) chave.current = null;
          notify({ message: errorMessage(err), kind: 'error', duration: NOTICE_DURATION_MS });
        },
      },
    );
  }

  const ultimo = recente ?? beneficio.resgates[0];

  return (
    <Modal titulo={beneficio.nome} onClose={onClose}>
      {vista === 'cupom' && ultimo ? (
        <>
          {recente ? (
            <p className="resgate__sucesso" role="status">
              Benefício resgatado! Seu saldo agora é de {qtdPontos(recente.saldo)}.
            </p>
          ) : null}
          <CupomView cupom={ultimo} evento={beneficio.evento} urlBeneficio={beneficio.urlBeneficio} />
          {beneficio.multiploResgate ? (
            beneficio.podeResgatar ? (
              <div className="modal__acoes">
                <button type="button" className="button" onClick={novoResgate}>
                  Resgatar novamente
                </button>
              </div>
            ) : beneficio.motivoBloqueio ? (
              <p className="resgate__aviso">{beneficio.motivoBloqueio}</p>
            ) : null
          ) : null}
        </>
      ) : (
        <form className="resgate" onSubmit={enviar} noValidate>
          <Imagem className="resgate__imagem" src={beneficio.urlImagem} alt="" />
          {beneficio.descricao ? <p className="modal__texto">{beneficio.descricao}</p> : null}
          <p className="resgate__custo">
            Custo: <strong>{custo(beneficio.valor)}</strong>
            {beneficio.dataEvento ? <> · Evento em {dataBr(beneficio.dataEvento)}</> : null}
          </p>
          {beneficio.dias.length ? (
            <SelectField
              label="Escolha o dia"
              value={idOpcao ?? ''}
              onChange={(e) => {
                chave.current = null; // another day is another attempt
                setIdOpcao(Number(e.target.value));
              }}
            >
              {beneficio.dias.map((d) => (
                <option key={d.id} value={d.id} disabled={d.esgotado}>
                  {d.esgotado ? `${d.nome} (esgotado)` : d.nome}
                </option>
              ))}
            </SelectField>
          ) : null}
          <h3 className="resgate__termos-titulo">Termos de uso</h3>
          <div className="resgate__termos" tabIndex={0} aria-label="Termos de uso do benefício">
            {beneficio.textoLegal}
          </div>
          <Checkbox
            label="Li e concordo com os termos de uso deste benefício."
            checked={aceite}
            error={erroTermos}
            onChange={(e) => {
              setAceite(e.target.checked);
              if (e.target.checked) setErroTermos(undefined);
            }}
          />
          <div className="modal__acoes">
            <button type="submit" className="button" disabled={resgate.isPending}>
              {resgate.isPending ? 'Resgatando...' : 'Resgatar'}
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
