#!/usr/bin/env node
// Lists the Portuguese identifiers that map.json does not map yet, each with an English suggestion
// built word by word from words.json (review it: word order and one word per concept need a person).
//   node tools/rename/suggest.mjs            TSV: name, suggestion, kinds, count, first file
//   node tools/rename/suggest.mjs --json     the same as map.json "names" entries, to paste after review
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadTsMorph, root, scopeFileList, loadWords, splitWords, wireNames, declarationOf, kindLabel, isPropertyLike, insideZodCall, loadJson } from './lib.mjs';

const { ts } = await loadTsMorph();
const words = loadWords();
const map = process.argv.includes('--all') ? {} : loadJson('map.json');
const wire = wireNames(ts);
const allow = loadJson('allow.json');
const allowed = new Set(Object.keys(allow.names ?? {}));

const verbs = new Set(['list', 'get', 'fetch', 'has', 'is', 'create', 'read', 'load', 'save', 'send', 'show', 'update', 'delete', 'remove', 'redeem', 'count', 'build', 'set', 'use', 'validate', 'register', 'record', 'change', 'generate', 'open', 'close', 'confirm', 'resend', 'issue', 'credit', 'mark', 'choose', 'import', 'normalise', 'to', 'parse', 'format', 'find', 'check', 'make', 'render', 'compute', 'apply', 'answer', 'view', 'recover', 'activate', 'release', 'dismiss', 'copy', 'share', 'fill', 'search', 'draw', 'summarise', 'with', 'without', 'can', 'handle', 'on', 'not', 'asks', 'shows', 'requires', 'exists', 'participates']);

/** Word sequences that translate as a whole (matched on lower-case Portuguese words). */
const phrases = [
  [['grupo', 'produto', 'cliente'], ['member', 'product', 'group']], [['grupos', 'produto', 'cliente'], ['member', 'product', 'groups']],
  [['lista', 'produto', 'cliente'], ['member', 'product', 'list']], [['listas', 'produto', 'cliente'], ['member', 'product', 'lists']],
  [['produto', 'cliente'], ['member', 'product']], [['produtos', 'cliente'], ['member', 'products']],
  [['local', 'compra', 'outro'], ['other', 'purchase', 'place']], [['local', 'compra'], ['purchase', 'place']], [['locais', 'compra'], ['purchase', 'places']],
  [['compra', 'verificada'], ['verified', 'purchase']], [['por', 'que'], ['why']], [['contagem', 'regressiva'], ['countdown']],
  [['pre', 'venda'], ['presale']], [['meus', 'dados'], ['my', 'data']], [['data', 'nascimento'], ['birth', 'date']], [['data', 'compra'], ['purchase', 'date']],
  [['data', 'cadastro'], ['signup', 'date']], [['friends', 'family'], ['friends', 'family']], [['nao', 'binario'], ['non', 'binary']],
];
/** Head nouns that Portuguese puts first ("estado do benefício" written estadoBeneficio): English puts them last. */
const heads = new Set(['estado', 'estados', 'tipo', 'aba', 'abas', 'chave', 'chaves', 'motivo', 'motivos', 'origem', 'origens', 'opcao', 'grupo', 'grupos', 'linha', 'linhas',
  'lista', 'listas', 'resumo', 'pergunta', 'perguntas', 'definicao', 'detalhe', 'galeria', 'imagem', 'edicao', 'contagem', 'valor', 'rotulo', 'erros', 'erro', 'confirmacao',
  'codigo', 'codigos', 'mensagem', 'hash', 'barra', 'categoria', 'categorias', 'canal', 'canais', 'dados', 'passos', 'passo', 'selos', 'selo', 'titulos', 'titulo', 'paginas', 'pagina',
  'numeros', 'numero', 'perfis', 'restricao', 'texto', 'validacao', 'participacao', 'url', 'id', 'ids', 'chamada', 'fase', 'progresso', 'bloqueio', 'tela', 'secao', 'botao',
  'ordem', 'validade', 'quantidade', 'prefixo', 'moldura', 'tempo', 'limiares', 'sentido', 'versao', 'nivel', 'alteracao', 'alteracoes', 'formato', 'coletor', 'saldo', 'saldos',
  'economia', 'genero', 'generos', 'sessao', 'resposta', 'respostas', 'arquivo', 'assunto', 'email', 'caixa', 'campos', 'campo', 'entrada', 'entradas']);

export function suggest(name) {
  const lead = name.match(/^_+/)?.[0] ?? '';
  if (lead) return lead + suggest(name.slice(lead.length));
  const parts = splitWords(name);
  let low = parts.map((p) => p.toLowerCase());
  let toks = [];
  for (let i = 0; i < low.length; ) {
    const ph = phrases.find(([pt]) => pt.every((w, k) => low[i + k] === w));
    if (ph) { for (const w of ph[1]) toks.push({ w, adj: false, pt: true, noun: true }); i += ph[0].length; continue; }
    const en = words.get(low[i]);
    const noun = !!en && !en.endsWith('|adj') && !verbs.has(en.toLowerCase()) && !['of', 'with', 'without', 'in', 'by', 'for', 'not', 'or', 'as', 'that'].includes(en);
    toks.push(en ? { w: en.replace('|adj', ''), adj: en.endsWith('|adj'), pt: true, noun, head: heads.has(low[i]) } : { w: parts[i], adj: false, pt: false });
    i++;
  }
  // papelDe -> roleOf; doStaff -> forStaff
  if (toks.length > 1 && toks[toks.length - 1].w === 'of') toks[toks.length - 1] = { w: 'Of', pt: false };
  if (toks.length > 1 && toks[0].w === 'of') toks[0] = { w: 'for', pt: false };
  // "A de B" -> "B A" (keeping a leading verb in front).
  const of = toks.findIndex((t) => t.w === 'of');
  if (of > 0) {
    const s = verbs.has(toks[0].w.toLowerCase()) && of > 1 ? 1 : 0;
    toks = [...toks.slice(0, s), ...toks.slice(of + 1), ...toks.slice(s, of)];
  } else if (of === 0) toks = toks.slice(1);
  // head noun + Portuguese nouns -> nouns + head ("estadoBeneficio" -> benefitState)
  for (let i = 0; i < toks.length - 1; i++) {
    if (toks[i].head && toks[i + 1].pt && toks[i + 1].noun && !toks[i + 1].head) {
      let j = i + 1;
      while (j + 1 < toks.length && toks[j + 1].pt && toks[j + 1].noun && !toks[j + 1].head) j++;
      toks = [...toks.slice(0, i), ...toks.slice(i + 1, j + 1), toks[i], ...toks.slice(j + 1)];
      i = j;
    }
  }
  // noun + adjective -> adjective + noun
  for (let i = 1; i < toks.length; i++) {
    if (toks[i].adj && toks[i].pt && !toks[i - 1].adj && !verbs.has(toks[i - 1].w.toLowerCase()) && !['not', 'with', 'without', 'in', 'by', 'for'].includes(toks[i - 1].w)) {
      [toks[i - 1], toks[i]] = [toks[i], toks[i - 1]];
    }
  }
  const ws = toks.flatMap((t) => splitWords(t.w));
  if (/^[A-Z0-9_]+$/.test(name) && (name.includes('_') || name.length > 1)) return ws.map((w) => w.toUpperCase()).join('_');
  if (/_/.test(name) && name === name.toLowerCase()) return ws.map((w) => w.toLowerCase()).join('_');
  const camel = ws.map((w, i) => (i === 0 ? w.toLowerCase() : w[0].toUpperCase() + w.slice(1).toLowerCase())).join('');
  return /^[A-Z]/.test(name) ? camel[0].toUpperCase() + camel.slice(1) : camel;
}

if (import.meta.url === `file://${process.argv[1]}` && !process.argv.includes('--files')) {
  const found = new Map();
  for (const f of scopeFileList()) {
    const sf = ts.createSourceFile(f, readFileSync(join(root, f), 'utf8'), ts.ScriptTarget.Latest, true, f.endsWith('x') ? ts.ScriptKind.TSX : undefined);
    const visit = (node) => {
      if (ts.isIdentifier(node)) {
        const decl = declarationOf(ts, node);
        const name = node.text;
        if (decl && !map.names?.[name] && !map.scoped?.[f]?.[name] && !allowed.has(name) && splitWords(name).some((w) => words.has(w.toLowerCase()))) {
          const prop = isPropertyLike(ts, decl);
          if (!(prop && (wire.has(name) || insideZodCall(ts, node) || /_/.test(name)))) {
            const e = found.get(name) ?? { kinds: new Set(), count: 0, file: f };
            e.kinds.add(kindLabel(ts, decl));
            e.count++;
            found.set(name, e);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  const rows = [...found].sort(([a], [b]) => a.localeCompare(b));
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(Object.fromEntries(rows.map(([n]) => [n, suggest(n)])), null, 1));
  } else {
    for (const [n, e] of rows) console.log([n, suggest(n), [...e.kinds].join(','), e.count, e.file].join('\t'));
  }
}

/**
 * File moves (--files): a file is named after what it holds, in English; a feature's own files keep the
 * feature's (folder's) name: `<feature>.routes.ts` in features/<feature>/, contracts `<feature>.ts`,
 * anything whose name is a feature's name. Tests of endpoints (apps/api/test) and of pages (e2e/tests)
 * are named after the path they test (wire) and keep their names; web unit tests follow their subject.
 */
export function suggestFiles(files, names = {}, overrides = {}) {
  const features = new Set();
  const generic = new Set(['components', 'api', 'lib', 'pages', 'testing', 'imagens', 'hooks']);
  const walkFeatures = (dir, depth) => {
    for (const d of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (!d.isDirectory() || generic.has(d.name)) continue;
      features.add(d.name);
      if (depth < 1) walkFeatures(`${dir}/${d.name}`, depth + 1);
    }
  };
  for (const a of ['api', 'web']) walkFeatures(`apps/${a}/src/features`, 0);
  const moves = {};
  for (const f of files) {
    if (f.startsWith('apps/api/test/') || f.startsWith('e2e/tests/') || f.startsWith('bench/') || f.startsWith('scripts/')) continue;
    const parts = f.split('/');
    const fileName = parts.pop();
    const folder = parts[parts.length - 1];
    const m = fileName.match(/^([^.]+)((?:\.[a-z-]+)*)$/);
    if (!m) continue;
    const [, base, rest] = m;
    if (base === folder || features.has(base)) continue;
    const camel = base.split('-').map((w, i) => (i ? w[0].toUpperCase() + w.slice(1) : w)).join('');
    const pascal = camel[0].toUpperCase() + camel.slice(1);
    // the file is named after its main export: take the reviewed name when there is one
    const chosen = names[pascal] ?? names[camel] ?? suggest(camel);
    let en = chosen.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
    // "-constantes" modules: `<feature>-constants`, the feature's name kept.
    if (/-constantes$/.test(base)) en = base.replace(/-constantes$/, '-constants');
    if (overrides[f] !== undefined) { if (overrides[f]) moves[f] = overrides[f]; continue; }
    if (en !== base) moves[f] = [...parts, en + rest].join('/');
  }
  // Two files may not end up with one module name (`x.ts` and `x.tsx`, or an existing file).
  const taken = new Map();
  for (const f of files) if (!moves[f]) taken.set(f.replace(/\.(tsx?|m?js)$/, ''), f);
  for (const [from, to] of Object.entries(moves)) {
    const key = to.replace(/\.(tsx?|m?js)$/, '');
    if (taken.has(key)) { console.error(`not moved: ${from} -> ${to} (${taken.get(key)} has that name)`); delete moves[from]; } else taken.set(key, from);
  }
  return moves;
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv.includes('--files')) {
  const full = loadJson('map.json');
  console.log(JSON.stringify(suggestFiles(scopeFileList(), full.names ?? {}, full.fileOverrides ?? {}), null, 1));
}
