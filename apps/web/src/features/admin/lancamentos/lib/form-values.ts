import type { AdminLaunch } from '@legiao/contracts/admin/lancamentos';
import { LAUNCH_MSG } from '@legiao/contracts/lancamentos';
import { ApiError } from '../../../../shared/api/api-error';
import { isoToSaoPauloInput, saoPauloInputToIso } from '../../../../shared/lib/sao-paulo-time';
import { draftOf, ruleOfDrafts, type ConditionDraft } from './rule-drafts';

// The launch form's values (what the inputs hold) and the contract's body they make. Dates are typed
// and shown in São Paulo time whatever the browser's zone, and sent as ISO 8601 with the offset.

export interface LaunchValues {
  nome: string;
  slug: string;
  urlImagem: string;
  sobre: string;
  cores: string;
  produtos: string;
  skus: string;
  acessoInicio: string;
  acessoFim: string;
  dataPublica: string;
  cotaPorMembro: string;
  /** "Avise-me": minutes after the opening within which everyone who asked is alerted (ADR 0049). */
  avisoPrazoMin: string;
  condicoes: ConditionDraft[];
}
export const LAUNCH_FIELDS = ['nome', 'slug', 'urlImagem', 'abas', 'skus', 'acessoInicio', 'acessoFim', 'dataPublica', 'cotaPorMembro', 'avisoPrazoMin', 'regra'] as const;

const lines = (s: string) => s.split(/\n|,/).map((l) => l.trim()).filter(Boolean);
const tabLines = (s: string) => s.split('\n').map((l) => l.trim()).filter(Boolean);

export function valuesOf(l: AdminLaunch | undefined): LaunchValues {
  return {
    nome: l?.nome ?? '',
    slug: l?.slug ?? '',
    urlImagem: l?.urlImagem ?? '',
    sobre: l?.abas.sobre ?? '',
    cores: (l?.abas.cores ?? []).map((c) => `${c.nome} ${c.hex}`).join('\n'),
    produtos: (l?.abas.produtos ?? []).map((p) => `${p.nome} | ${p.urlImagem}`).join('\n'),
    skus: (l?.skus ?? []).join('\n'),
    acessoInicio: isoToSaoPauloInput(l?.acessoInicio),
    acessoFim: isoToSaoPauloInput(l?.acessoFim),
    dataPublica: isoToSaoPauloInput(l?.dataPublica),
    cotaPorMembro: l ? String(l.cotaPorMembro) : '1',
    avisoPrazoMin: l ? String(l.avisoPrazoMin) : '30',
    condicoes: (l?.regra.condicoes ?? []).map((c) => draftOf(c)),
  };
}

/** The form's strings as the contract's body (the contract then checks every rule). */
export function toInput(v: LaunchValues) {
  return {
    nome: v.nome,
    slug: v.slug.trim(),
    urlImagem: v.urlImagem,
    abas: {
      sobre: v.sobre.trim(),
      cores: tabLines(v.cores).map((l) => {
        const m = /^(.*?)\s+(#[0-9a-fA-F]{3,8})$/.exec(l);
        return m ? { nome: m[1]!.trim(), hex: m[2]! } : { nome: l, hex: '' };
      }),
      produtos: tabLines(v.produtos).map((l) => {
        const [name = '', url = ''] = l.split('|').map((x) => x.trim());
        return { nome: name, urlImagem: url };
      }),
    },
    skus: lines(v.skus),
    acessoInicio: saoPauloInputToIso(v.acessoInicio),
    acessoFim: saoPauloInputToIso(v.acessoFim),
    dataPublica: saoPauloInputToIso(v.dataPublica),
    cotaPorMembro: /^\s*\d+\s*$/.test(v.cotaPorMembro) ? Number(v.cotaPorMembro) : Number.NaN,
    avisoPrazoMin: /^\s*\d+\s*$/.test(v.avisoPrazoMin) ? Number(v.avisoPrazoMin) : Number.NaN,
    regra: ruleOfDrafts(v.condicoes),
  };
}

/** Which field a server refusal is about (slug taken, unknown SKU, category or product), or the form's top. */
export function fieldOfServerError(err: unknown): (typeof LAUNCH_FIELDS)[number] | 'root' {
  if (!(err instanceof ApiError)) return 'root';
  const code = (err.body as { errors?: { code?: string }[] } | undefined)?.errors?.[0]?.code;
  if (code === 'SLUG_EM_USO' || code === 'SLUG_PUBLICADO') return 'slug';
  if (err.message.startsWith(LAUNCH_MSG.skuDesconhecido) || err.message === LAUNCH_MSG.skuRepetido) return 'skus';
  if (err.message.startsWith(LAUNCH_MSG.categoriaDesconhecida) || err.message.startsWith(LAUNCH_MSG.produtoDesconhecido)) return 'regra';
  return 'root';
}
