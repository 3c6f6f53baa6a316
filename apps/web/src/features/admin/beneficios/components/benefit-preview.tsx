import { useEffect, useId, useState } from 'react';
import { BENEFIT_AUDIENCES, AUDIENCE_LABELS, benefitFormSchema, type BenefitFormInput, type BenefitPreviewData, type MemberPreview } from '@legiao/contracts/admin/beneficios';
import { errorMessage } from '../../../../shared/api/api-error';
import { BenefitCard } from '../../../beneficios/components/benefit-card';
import '../../../beneficios/beneficios.css';
import { previewBenefit } from '../benefits-api';

const INITIAL_MEMBER: MemberPreview = { tipo: 'legionario', cidade: 'São Paulo', saldo: 5, resgates: 0, cupomUsado: false, perfilCompleto: true };

/**
 * The card exactly as the chosen member would see it, for the form as it is now: the server runs
 * the member side's own rules (POST /api/admin/beneficios/previa) and the member portal's own card
 * component draws it.
 */
export function BenefitPreview({ id, values }: { id?: number; values: BenefitFormInput }) {
  const uid = useId();
  const [member, setMember] = useState<MemberPreview>(INITIAL_MEMBER);
  const [preview, setPreview] = useState<BenefitPreviewData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const parsed = benefitFormSchema.safeParse(values);
  const key = JSON.stringify([parsed.success ? parsed.data : null, member]);

  useEffect(() => {
    if (!parsed.success) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      previewBenefit({ id, beneficio: parsed.data, membro: member }, controller.signal)
        .then((p) => {
          setPreview(p);
          setError(null);
        })
        .catch((err) => {
          if (!controller.signal.aborted) setError(errorMessage(err));
        });
    }, 300);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
    // `chave` holds the form and the member: ask again only when one of them changed.
  }, [key]);

  const set = <K extends keyof MemberPreview>(k: K, v: MemberPreview[K]) => setMember((m) => ({ ...m, [k]: v }));

  return (
    <aside className="beneficio-previa" aria-labelledby={`${uid}-titulo`}>
      <h2 id={`${uid}-titulo`}>Prévia como membro</h2>
      <div className="beneficio-previa__membro" role="group" aria-label="Membro da prévia">
        <label>
          Tipo
          <select value={member.tipo} onChange={(e) => set('tipo', e.target.value as MemberPreview['tipo'])}>
            {BENEFIT_AUDIENCES.map((p) => (
              <option key={p} value={p}>
                {AUDIENCE_LABELS[p]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Cidade
          <input value={member.cidade} onChange={(e) => set('cidade', e.target.value)} />
        </label>
        <label>
          Saldo (pontos)
          <input type="number" min={0} value={member.saldo} onChange={(e) => set('saldo', Math.max(0, Number(e.target.value) || 0))} />
        </label>
        <label>
          Resgates feitos
          <input type="number" min={0} max={100} value={member.resgates} onChange={(e) => set('resgates', Math.min(100, Math.max(0, Number(e.target.value) || 0)))} />
        </label>
        <label className="beneficio-previa__largo">
          Ver em (vazio = agora)
          <input type="datetime-local" value={member.em ?? ''} onChange={(e) => set('em', e.target.value || null)} />
        </label>
        <label className="beneficio-previa__check">
          <input type="checkbox" checked={member.cupomUsado} onChange={(e) => set('cupomUsado', e.target.checked)} /> Último cupom já usado
        </label>
        <label className="beneficio-previa__check">
          <input type="checkbox" checked={member.perfilCompleto} onChange={(e) => set('perfilCompleto', e.target.checked)} /> Cadastro completo
        </label>
      </div>
      {!parsed.success ? (
        <p className="beneficio-previa__aviso">Corrija os campos do formulário para ver a prévia.</p>
      ) : error ? (
        <p className="beneficio-previa__aviso" role="alert">
          {error}
        </p>
      ) : !preview ? (
        <p className="beneficio-previa__aviso">Montando a prévia...</p>
      ) : (
        <div aria-live="polite">
          <p className={`beneficio-previa__visivel${preview.visivel ? '' : ' beneficio-previa__visivel--nao'}`}>{preview.visivel ? 'Este membro vê o card assim:' : `Este membro não vê o card. ${preview.motivo ?? ''}`}</p>
          <div className={`beneficio-previa__card${preview.visivel ? '' : ' beneficio-previa__card--oculto'}`} data-testid="previa-card">
            <BenefitCard beneficio={preview.card} saldo={member.saldo} released={member.perfilCompleto} onOpen={() => {}} />
          </div>
        </div>
      )}
    </aside>
  );
}
