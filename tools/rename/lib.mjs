// Shared by rename.mjs, check.mjs and suggest.mjs (ADR 0030): which files are in scope, how a name
// splits into words, which names are the wire's, and which declarations are code identifiers.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const toolDir = dirname(fileURLToPath(import.meta.url));
export const root = join(toolDir, '../..');

/** ts-morph lives in tools/rename/node_modules (outside the pnpm workspace): installed on first use. */
export async function loadTsMorph() {
  if (!existsSync(join(toolDir, 'node_modules/ts-morph'))) {
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], { cwd: toolDir, stdio: 'inherit' });
  }
  return import(join(toolDir, 'node_modules/ts-morph/dist/ts-morph.js'));
}

/** The TypeScript projects, each loaded with its own tsconfig (TypeScript 6 reads them as TypeScript 7 does). */
export const projects = ['packages/contracts', 'apps/api', 'apps/web', 'e2e'];

/** Folders whose identifiers follow the rule (relative to the repo root). */
const scopeDirs = ['apps/api/src/', 'apps/api/test/', 'apps/web/src/', 'apps/web/vite/', 'packages/contracts/src/', 'e2e/support/', 'e2e/tests/'];
const scopeFiles = ['apps/api/prisma.config.ts', 'apps/web/vite.config.ts', 'e2e/playwright.config.ts'];
/** Plain JavaScript outside the TypeScript projects: checked, renamed through a JavaScript project. */
export const jsDirs = ['bench/', 'scripts/'];

export const rel = (abs) => relative(root, abs).split('\\').join('/');

export function inScope(relPath) {
  if (relPath.startsWith('..') || relPath.includes('node_modules/') || relPath.includes('/generated/')) return false;
  return scopeFiles.includes(relPath) || scopeDirs.some((d) => relPath.startsWith(d));
}
export const inJsScope = (relPath) =>
  (jsDirs.some((d) => relPath.startsWith(d)) || (inScope(relPath) && relPath.endsWith('.mjs'))) && !relPath.includes('node_modules/') && /\.m?js$/.test(relPath) && !relPath.includes('/results/');

/** Every in-scope TypeScript and JavaScript file (for the checker, which only parses). */
export function scopeFileList() {
  const out = [];
  const walk = (dir) => {
    for (const name of readdirSync(join(root, dir))) {
      const r = dir ? `${dir}/${name}` : name;
      if (name === 'node_modules' || name === 'generated' || name === 'dist' || name.startsWith('.')) continue;
      const st = statSync(join(root, r));
      if (st.isDirectory()) walk(r);
      else if (/\.(tsx?|mjs)$/.test(name) && !name.endsWith('.d.ts') && (inScope(r) || inJsScope(r))) out.push(r);
    }
  };
  for (const d of ['apps/api', 'apps/web', 'packages/contracts', 'e2e', 'bench', 'scripts']) walk(d);
  return out.sort();
}

/** `listarBeneficiosAtivos` -> ['listar', 'Beneficios', 'Ativos']; `MAX_TENTATIVAS` -> ['MAX', 'TENTATIVAS']. */
export function splitWords(name) {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+|(?<=[A-Za-z])(?=[0-9])|(?<=[0-9])(?=[A-Za-z])/)
    .filter(Boolean);
}

export function loadJson(name) {
  return JSON.parse(readFileSync(join(toolDir, name), 'utf8'));
}

/** Portuguese words (lower case, no accents) -> English. */
export function loadWords() {
  const words = loadJson('words.json');
  const map = new Map();
  for (const [pt, en] of Object.entries(words)) if (!pt.startsWith('//')) map.set(pt, en);
  return map;
}

export function portugueseWords(name, words) {
  return splitWords(name).filter((w) => words.has(w.toLowerCase()));
}

/**
 * Names that are the wire's or the database's: every property name the contracts declare (zod object
 * keys and the constants' keys), every Prisma model and field name. A property (not a variable) with
 * one of these names may carry wire data, so it keeps its name.
 */
export function wireNames(ts, files) {
  const names = new Set();
  for (const f of files ?? scopeFileList()) {
    const text = readFileSync(join(root, f), 'utf8');
    // SQL text (raw queries, the hot paths): every word of it may be a column or an alias that a row
    // type's property mirrors (`SELECT ... AS menor` read as `row.menor`).
    if (/\b(SELECT|INSERT|UPDATE|DELETE|RETURNING)\b/.test(text)) {
      for (const m of text.matchAll(/(`[^`]*`|'[^'\n]*'|"[^"\n]*")/g)) {
        if (/\b(SELECT|INSERT INTO|UPDATE|DELETE FROM|RETURNING|WHERE)\b/i.test(m[0])) for (const w of m[0].matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) names.add(w[0]);
      }
    }
    const contracts = f.startsWith('packages/contracts/src/');
    if (!contracts && !/\bz\./.test(text)) continue;
    const sf = ts.createSourceFile(f, text, ts.ScriptTarget.Latest, true, f.endsWith('x') ? ts.ScriptKind.TSX : undefined);
    const visit = (node) => {
      if ((ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node) || ts.isPropertySignature(node)) && node.name && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))) {
        if (contracts || insideZodCall(ts, node)) names.add(node.name.text);
      }
      // z.enum(['pendente', ...]) / z.literal('x'): wire values, often also keys of lookup tables
      if (ts.isStringLiteral(node) && insideZodCall(ts, node) && /^[A-Za-z_]\w*$/.test(node.text)) names.add(node.text);
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  const schema = readFileSync(join(root, 'prisma/schema.prisma'), 'utf8');
  let inBlock = false;
  for (const line of schema.split('\n')) {
    const model = line.match(/^\s*(model|enum|view)\s+(\w+)\s*\{/);
    if (model) { names.add(model[2]); names.add(model[2][0].toLowerCase() + model[2].slice(1)); inBlock = true; continue; }
    if (/^\s*\}/.test(line)) { inBlock = false; continue; }
    const field = inBlock && line.match(/^\s*(\w+)\s+/);
    if (field && !field[1].startsWith('@')) names.add(field[1]);
    const mapped = line.match(/@@?map\("(\w+)"\)/);
    if (mapped) names.add(mapped[1]);
  }
  return names;
}

/** True when a node sits inside a zod call's object literal (`z.object({...})`, `.extend({...})`, ...). */
export function insideZodCall(ts, node) {
  for (let n = node.parent; n; n = n.parent) {
    if (ts.isCallExpression(n)) {
      const callee = n.expression.getText();
      if (/^z\.(enum|literal)$/.test(callee)) return true;
      if (/^z\.|\.(extend|merge|pick|omit|partial|required|safeExtend|strictObject|looseObject|object)$/.test(callee)) return true;
    }
    if (ts.isFunctionLike(n) || ts.isSourceFile(n)) return false;
  }
  return false;
}

/** Declaration kinds whose name is a property (reaches the wire if the object does). */
export function isPropertyLike(ts, decl) {
  return (
    ts.isPropertySignature(decl) || ts.isMethodSignature(decl) || ts.isPropertyAssignment(decl) ||
    ts.isShorthandPropertyAssignment(decl) || ((ts.isPropertyDeclaration(decl) || ts.isMethodDeclaration(decl) || ts.isGetAccessor(decl) || ts.isSetAccessor(decl)) && !ts.isClassLike(decl.parent)) ||
    ts.isEnumMember(decl)
  );
}

/**
 * The declaration whose name this identifier is, if it declares something the rule covers
 * (imports, exports, JSX attributes and property accesses are references, not declarations).
 */
export function declarationOf(ts, id) {
  const p = id.parent;
  if (!p || p.name !== id) return undefined;
  if (ts.isImportSpecifier(p) || ts.isExportSpecifier(p) || ts.isPropertyAccessExpression(p) || ts.isJsxAttribute(p) || ts.isMetaProperty(p) || ts.isImportClause(p) || ts.isNamespaceImport(p)) return undefined;
  if (ts.isShorthandPropertyAssignment(p)) return undefined; // the variable's rename keeps the key: `{ nome: name }`
  if (ts.isBindingElement(p) || ts.isVariableDeclaration(p) || ts.isParameter(p) || ts.isFunctionDeclaration(p) || ts.isFunctionExpression(p) ||
      ts.isClassDeclaration(p) || ts.isClassExpression(p) || ts.isInterfaceDeclaration(p) || ts.isTypeAliasDeclaration(p) || ts.isEnumDeclaration(p) ||
      ts.isEnumMember(p) || ts.isTypeParameterDeclaration(p) || ts.isPropertyDeclaration(p) || ts.isMethodDeclaration(p) || ts.isGetAccessor(p) ||
      ts.isSetAccessor(p) || ts.isPropertySignature(p) || ts.isMethodSignature(p) || ts.isPropertyAssignment(p) || ts.isModuleDeclaration(p)) return p;
  return undefined;
}

export function kindLabel(ts, decl) {
  if (isPropertyLike(ts, decl)) return 'property';
  if (ts.isParameter(decl) || ts.isBindingElement(decl)) return 'local';
  if (ts.isVariableDeclaration(decl)) return ts.isSourceFile(decl.parent?.parent?.parent) ? 'module' : 'local';
  if (ts.isClassLike(decl.parent) ) return 'member';
  return 'declaration';
}
