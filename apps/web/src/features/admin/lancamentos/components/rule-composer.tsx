import { useId, useMemo, useState } from 'react';
import type { LaunchConditionKind } from '@legiao/contracts/lancamentos';
import { errorMessage } from '../../../../shared/api/api-error';
import { useCategories, useProductSearch, useRuleCount } from '../api/launches-api';
import { ACHIEVEMENT_OPTIONS, CONDITION_KINDS, checkedRule, emptyDraft, kindLabel, type ConditionDraft } from '../lib/rule-drafts';
import { useDebounced } from '../lib/use-debounced';

/** How long the composer waits after a change before counting (the count runs the rule over every member). */
export const COUNT_DEBOUNCE_MS = 400;

interface RuleComposerProps {
  conditions: ConditionDraft[];
  onChange: (next: ConditionDraft[]) => void;
  /** Read-only roles see the rule and its count without controls. */
  readOnly: boolean;
  /** The server's word on the rule (an unknown category or product), shown under it. */
  error?: string;
}

/**
 * Who is eligible: conditions ANDed (docs/decisions/0047-launches.md "The rule"), each added from a
 * list and removed by its button, and under them how many members the rule selects now
 * (POST /api/admin/lancamentos/previa-regra), asked again after each pause in the editing.
 */
export function RuleComposer({ conditions, onChange, readOnly, error }: RuleComposerProps) {
  const addId = useId();
  const [adding, setAdding] = useState<LaunchConditionKind>('legionarioAtivo');
  const checked = useMemo(() => checkedRule(conditions), [conditions]);
  const settled = useDebounced(checked.rule, COUNT_DEBOUNCE_MS);
  const count = useRuleCount(readOnly ? null : settled);
  const waiting = checked.rule !== settled || count.isFetching;
  const taken = new Set(conditions.map((c) => c.tipo));
  const addable = CONDITION_KINDS.filter((k) => !(k.once && taken.has(k.tipo)));
  const kind = addable.some((k) => k.tipo === adding) ? adding : addable[0]?.tipo;

  const set = (i: number, patch: Partial<ConditionDraft>) => onChange(conditions.map((c, j) => (j === i ? { ...c, ...patch } : c)));

  return (
    <fieldset className="lancamento-regra">
      <legend>Quem é elegível</legend>
      <p className="admin-campo__dica">
        Todas as condições valem juntas (E). Sem condições: todo legionário com a conta em dia. Colaboradores e leads ficam de fora, a não ser que a regra os inclua.
      </p>
      {conditions.length === 0 ? (
        <p className="lancamento-regra__vazia">Nenhuma condição: todos os legionários.</p>
      ) : (
        <ol className="lancamento-regra__lista" aria-label="Condições da regra">
          {conditions.map((c, i) => (
            <li key={i} className={`lancamento-condicao${checked.index === i ? ' lancamento-condicao--erro' : ''}`}>
              <ConditionFields draft={c} readOnly={readOnly} onChange={(patch) => set(i, patch)} />
              {!readOnly && (
                <button type="button" className="admin-btn admin-btn--pequeno admin-btn--perigo" onClick={() => onChange(conditions.filter((_, j) => j !== i))} aria-label={`Remover a condição ${i + 1}: ${kindLabel(c.tipo)}`}>
                  Remover
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      {!readOnly && kind && (
        <div className="lancamento-regra__adicionar">
          <label htmlFor={addId}>Nova condição</label>
          <select id={addId} value={kind} onChange={(e) => setAdding(e.target.value as LaunchConditionKind)}>
            {addable.map((k) => (
              <option key={k.tipo} value={k.tipo}>
                {k.label}
              </option>
            ))}
          </select>
          <button type="button" className="admin-btn" onClick={() => onChange([...conditions, emptyDraft(kind)])}>
            Adicionar condição
          </button>
        </div>
      )}
      {checked.problem && (
        <p className="admin-campo__erro" role="alert">
          {checked.index !== null ? `Condição ${checked.index + 1}: ` : ''}
          {checked.problem}
        </p>
      )}
      {error && (
        <p className="admin-campo__erro" role="alert">
          {error}
        </p>
      )}
      {!readOnly && (
        <p className="lancamento-regra__contagem" aria-live="polite" aria-busy={waiting} data-testid="contagem-regra">
          {!checked.rule ? (
            'Complete as condições para ver quantos membros a regra seleciona.'
          ) : count.isError ? (
            <span className="admin-campo__erro">Não foi possível contar: {errorMessage(count.error)}</span>
          ) : count.data && !waiting ? (
            <>
              Esta regra seleciona <strong>{count.data.total.toLocaleString('pt-BR')}</strong> {count.data.total === 1 ? 'membro' : 'membros'} agora.
            </>
          ) : (
            'Contando os membros...'
          )}
        </p>
      )}
    </fieldset>
  );
}

function ConditionFields({ draft, readOnly, onChange }: { draft: ConditionDraft; readOnly: boolean; onChange: (patch: Partial<ConditionDraft>) => void }) {
  const id = useId();
  const label = kindLabel(draft.tipo);
  switch (draft.tipo) {
    case 'comprasVerificadas':
    case 'saldoMinimo':
      return (
        <div className="lancamento-condicao__campos">
          <label htmlFor={id}>{label}</label>
          <input id={id} inputMode="numeric" value={draft.minimo} readOnly={readOnly} onChange={(e) => onChange({ minimo: e.target.value })} />
        </div>
      );
    case 'possuiCategoria':
      return <CategoryField id={id} label={label} value={draft.categoria} readOnly={readOnly} onChange={(category) => onChange({ categoria: category })} />;
    case 'possuiProduto':
      return <ProductField id={id} label={label} draft={draft} readOnly={readOnly} onChange={onChange} />;
    case 'conquista':
      return (
        <div className="lancamento-condicao__campos">
          <label htmlFor={id}>{label}</label>
          <select id={id} value={draft.chave} disabled={readOnly} onChange={(e) => onChange({ chave: e.target.value })}>
            {ACHIEVEMENT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      );
    default:
      return (
        <div className="lancamento-condicao__campos">
          <span>{label}</span>
        </div>
      );
  }
}

function CategoryField({ id, label, value, readOnly, onChange }: { id: string; label: string; value: string; readOnly: boolean; onChange: (v: string) => void }) {
  const q = useCategories();
  const options = q.data ?? [];
  return (
    <div className="lancamento-condicao__campos">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} disabled={readOnly} onChange={(e) => onChange(e.target.value)}>
        <option value="">{q.isPending ? 'Carregando...' : 'Escolha a categoria'}</option>
        {value && !options.includes(value) && <option value={value}>{value}</option>}
        {options.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A product by name or SKU: type, then pick one of the catalogue's answers. */
function ProductField({ id, label, draft, readOnly, onChange }: { id: string; label: string; draft: ConditionDraft; readOnly: boolean; onChange: (patch: Partial<ConditionDraft>) => void }) {
  const [text, setText] = useState('');
  const search = useDebounced(text, 300);
  const q = useProductSearch(readOnly || draft.produtoId ? '' : search);
  if (draft.produtoId) {
    return (
      <div className="lancamento-condicao__campos">
        <span id={id}>{label}:</span>
        <strong>{draft.productName}</strong>
        {!readOnly && (
          <button type="button" className="admin-btn admin-btn--pequeno" onClick={() => onChange({ produtoId: '', productName: '' })} aria-label={`Trocar o produto ${draft.productName}`}>
            Trocar
          </button>
        )}
      </div>
    );
  }
  const items = q.data?.itens ?? [];
  return (
    <div className="lancamento-condicao__campos lancamento-condicao__produto">
      <label htmlFor={id}>{label}: buscar por nome ou SKU</label>
      <input id={id} type="search" value={text} readOnly={readOnly} onChange={(e) => setText(e.target.value)} autoComplete="off" />
      {search.trim().length >= 2 && (
        <ul className="lancamento-produtos" aria-label="Produtos encontrados">
          {items.length === 0 && !q.isFetching ? <li>Nenhum produto encontrado.</li> : null}
          {items.map((p) => (
            <li key={p.id}>
              <button type="button" className="admin-btn admin-btn--pequeno" onClick={() => onChange({ produtoId: String(p.id), productName: p.nome })}>
                {p.nome} <small>({p.sku})</small>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
