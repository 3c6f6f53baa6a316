import { LAUNCH_ACHIEVEMENTS, launchAchievementName, launchRuleSchema, type LaunchAchievement, type LaunchCondition, type LaunchConditionKind, type LaunchRule } from '@legiao/contracts/lancamentos';

// The rule composer's state: one draft per condition, with what the inputs hold (text, as typed),
// turned into the contract's rule for the count and the save. A draft that is not a condition yet
// (a minimum left empty) makes no rule: the count waits instead of counting something else.

export interface ConditionDraft {
  tipo: LaunchConditionKind;
  /** comprasVerificadas, saldoMinimo */
  minimo: string;
  /** possuiCategoria */
  categoria: string;
  /** possuiProduto: the id, and its name to show */
  produtoId: string;
  productName: string;
  /** conquista */
  chave: string;
}

export const CONDITION_KINDS: { tipo: LaunchConditionKind; label: string; once: boolean }[] = [
  { tipo: 'legionarioAtivo', label: 'Conta ativada', once: true },
  { tipo: 'comprasVerificadas', label: 'Compras verificadas (mínimo)', once: true },
  { tipo: 'possuiCategoria', label: 'Possui produto da categoria', once: false },
  { tipo: 'possuiProduto', label: 'Possui o produto', once: false },
  { tipo: 'saldoMinimo', label: 'Saldo mínimo (pontos)', once: true },
  { tipo: 'conquista', label: 'Tem a conquista', once: false },
  { tipo: 'incluirColaboradores', label: 'Incluir colaboradores', once: true },
  { tipo: 'incluirLeads', label: 'Incluir leads', once: true },
];
export const kindLabel = (kind: LaunchConditionKind) => CONDITION_KINDS.find((k) => k.tipo === kind)!.label;

export const ACHIEVEMENT_OPTIONS = LAUNCH_ACHIEVEMENTS.map((key) => ({ value: key, label: launchAchievementName(key) }));

export const emptyDraft = (kind: LaunchConditionKind): ConditionDraft => ({
  tipo: kind,
  minimo: kind === 'comprasVerificadas' || kind === 'saldoMinimo' ? '1' : '',
  categoria: '',
  produtoId: '',
  productName: '',
  chave: kind === 'conquista' ? LAUNCH_ACHIEVEMENTS[0] : '',
});

export function draftOf(c: LaunchCondition, productNames: Map<number, string> = new Map()): ConditionDraft {
  const d = emptyDraft(c.tipo);
  if (c.tipo === 'comprasVerificadas' || c.tipo === 'saldoMinimo') d.minimo = String(c.minimo);
  if (c.tipo === 'possuiCategoria') d.categoria = c.categoria;
  if (c.tipo === 'possuiProduto') {
    d.produtoId = String(c.produtoId);
    d.productName = productNames.get(c.produtoId) ?? `Produto ${c.produtoId}`;
  }
  if (c.tipo === 'conquista') d.chave = c.chave;
  return d;
}

const whole = (s: string) => (/^\s*\d+\s*$/.test(s) ? Number(s) : Number.NaN);

/** The draft as the contract's condition (numbers parsed; the contract judges them). */
export function conditionOf(d: ConditionDraft): LaunchCondition {
  switch (d.tipo) {
    case 'comprasVerificadas':
    case 'saldoMinimo':
      return { tipo: d.tipo, minimo: whole(d.minimo) };
    case 'possuiCategoria':
      return { tipo: d.tipo, categoria: d.categoria };
    case 'possuiProduto':
      return { tipo: d.tipo, produtoId: whole(d.produtoId) };
    case 'conquista':
      return { tipo: d.tipo, chave: d.chave as LaunchAchievement };
    default:
      return { tipo: d.tipo };
  }
}

export const ruleOfDrafts = (drafts: ConditionDraft[]) => ({ condicoes: drafts.map(conditionOf) });

/** The rule when every draft is a valid condition, else null (with the first problem). */
export function checkedRule(drafts: ConditionDraft[]): { rule: LaunchRule | null; problem: string | null; index: number | null } {
  const r = launchRuleSchema.safeParse(ruleOfDrafts(drafts));
  if (r.success) return { rule: r.data, problem: null, index: null };
  const issue = r.error.issues[0]!;
  const index = issue.path[0] === 'condicoes' && typeof issue.path[1] === 'number' ? issue.path[1] : null;
  return { rule: null, problem: issue.message, index };
}
