import { useEffect, useId, useState } from 'react';
import { PUBLICOS_BENEFICIO, PUBLICO_LABELS, beneficioFormSchema, type BeneficioFormInput, type BeneficioPrevia, type MembroPrevia } from '@legiao/contracts/admin/beneficios';
import { errorMessage } from '../../../../shared/api/api-error';
import { BeneficioCard } from '../../../beneficios/components/beneficio-card';
import '../../../beneficios/beneficios.css';
import { previewBeneficio } from '../beneficios-api';

const MEMBRO_INICIAL: MembroPrevia = { tipo: 'legionario', cidade: 'São Paulo', saldo: 5, resgates: 0, cupomUsado: false, perfilCompleto: true };

/**
 * The card exactly as the chosen member would see it, for the form as it is now: the server runs
 * the member side's own rules (POST /api/admin/beneficios/previa) and the member portal's own card
 * component draws it.
 */
export function BeneficioPreview({ id, values }: { id?: number; values: BeneficioFormInput }) {
  const uid = useId();
  const [membro, setMembro] = useState<MembroPrevia>(MEMBRO_INICIAL);
  const [previa, setPrevia] = useState<BeneficioPrevia | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const parsed = beneficioFormSchema.safeParse(values);
  const chave = JSON.stringify([parsed.success ? parsed.data : null, membro]);

  useEffect(() => {
    if (!parsed.success) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      previewBeneficio({ id, beneficio: parsed.data, membro }, controller.signal)
        .then((p) => {
          setPrevia(p);
          setErro(null);
        })
        .catch((err) => {
          if (!controller.signal.aborted) setErro(errorMessage(err));
        });
    }, 300);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
    // `chave` holds the form and the member: ask again only when one of them changed.
  }, [chave]);

  const set = <K extends keyof MembroPrevia>(k: K, v: MembroPrevia[K]) => setMembro((m) => ({ ...m, [k]: v }));

  return (
    <aside className="beneficio-previa" aria-labelledby={`${uid}-titulo`}>
      <h2 id={`${uid}-titulo`}>Prévia como membro</h2>
      <div className="beneficio-previa__membro" role="group" aria-label="Membro da prévia">
        <label>
          Tipo
          <select value={membro.tipo} onChange={(e) => set('tipo', e.target.value as MembroPrevia['tipo'])}>
            {PUBLICOS_BENEFICIO.map((p) => (
              <option key={p} value={p}>
                {PUBLICO_LABELS[p]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Cidade
          <input value={membro.cidade} onChange={(e) => set('cidade', e.target.value)} />
        </label>
        <label>
          Saldo (pontos)
          <input type="number" min={0} value={membro.saldo} onChange={(e) => set('saldo', Math.max(0, Number(e.target.value) || 0))} />
        </label>
        <label>
          Resgates feitos
          <input type="number" min={0} max={100} value={membro.resgates} onChange={(e) => set('resgates', Math.min(100, Math.max(0, Number(e.target.value) || 0)))} />
        </label>
        <label className="beneficio-previa__largo">
          Ver em (vazio = agora)
          <input type="datetime-local" value={membro.em ?? ''} onChange={(e) => set('em', e.target.value || null)} />
        </label>
        <label className="beneficio-previa__check">
          <input type="checkbox" checked={membro.cupomUsado} onChange={(e) => set('cupomUsado', e.target.checked)} /> Último cupom já usado
        </label>
        <label className="beneficio-previa__check">
          <input type="checkbox" checked={membro.perfilCompleto} onChange={(e) => set('perfilCompleto', e.target.checked)} /> Cadastro completo
        </label>
      </div>
      {!parsed.success ? (
        <p className="beneficio-previa__aviso">Corrija os campos do formulário para ver a prévia.</p>
      ) : erro ? (
        <p className="beneficio-previa__aviso" role="alert">
          {erro}
        </p>
      ) : !previa ? (
        <p className="beneficio-previa__aviso">Montando a prévia...</p>
      ) : (
        <div aria-live="polite">
          <p className={`beneficio-previa__visivel${previa.visivel ? '' : ' beneficio-previa__visivel--nao'}`}>{previa.visivel ? 'Este membro vê o card assim:' : `Este membro não vê o card. ${previa.motivo ?? ''}`}</p>
          <div className={`beneficio-previa__card${previa.visivel ? '' : ' beneficio-previa__card--oculto'}`} data-testid="previa-card">
            <BeneficioCard beneficio={previa.card} saldo={membro.saldo} liberado={membro.perfilCompleto} onAbrir={() => {}} />
          </div>
        </div>
      )}
    </aside>
  );
}
