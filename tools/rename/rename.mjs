#!/usr/bin/env node
// The project-wide rename of Portuguese code identifiers to English (ADR 0030), repeatable:
//   node tools/rename/rename.mjs [--dry] [--verbose]
// Reads tools/rename/map.json (reviewed): "names" (identifier -> English, everywhere), "scoped"
// (file -> { identifier -> English } for declarations in that file, winning over "names"),
// "properties" (file -> { property -> English }: properties that would otherwise be kept because a
// wire field has the same name, declared in that file and known to stay in code), "keep" (names never
// renamed), "files" (old path -> new path). Every rename goes through TypeScript's language service
// (findRenameLocations with prefix/suffix text), so references follow and a shorthand wire field
// becomes `{ nome: name }`. A symbol is left alone (and reported) when renaming it would reach a zod
// schema key, generated or third-party code, or change what another name refers to.
import { readFileSync, writeFileSync, existsSync, renameSync, mkdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { loadTsMorph, root, projects, inScope, inJsScope, rel, loadJson, wireNames, insideZodCall, isPropertyLike, declarationOf, scopeFileList } from './lib.mjs';

const started = Date.now();
const dry = process.argv.includes('--dry');
const verbose = process.argv.includes('--verbose');
const { Project, ts } = await loadTsMorph();
const map = loadJson('map.json');
const names = map.names ?? {};
const scoped = map.scoped ?? {};
const forcedProps = map.properties ?? {};
const keep = new Set(map.keep ?? []);
const wire = wireNames(ts);

const newNameFor = (file, name, prop) => {
  if (keep.has(name)) return undefined;
  if (prop && forcedProps[file]?.[name]) return forcedProps[file][name];
  return scoped[file]?.[name] ?? names[name];
};
// Every old name that becomes a given new name (for collision checks).
const becomes = new Map();
const addBecomes = (o, n) => { if (!becomes.has(n)) becomes.set(n, new Set([n])); becomes.get(n).add(o); };
for (const [o, n] of Object.entries(names)) addBecomes(o, n);
for (const group of [...Object.values(scoped), ...Object.values(forcedProps)]) for (const [o, n] of Object.entries(group)) addBecomes(o, n);

/** groupKey -> { old, new, edits: Map(spanKey -> edit), problems: [] } */
const symbols = new Map();
const skipped = [];
const riskyUses = new Set();
const allOldNames = new Set([...Object.keys(names), ...Object.values(scoped).flatMap(Object.keys), ...Object.values(forcedProps).flatMap(Object.keys)]);
const log = (...a) => verbose && console.log(...a);

const reserved = new Set(['break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else', 'enum', 'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof', 'new', 'null', 'return', 'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof', 'var', 'void', 'while', 'with', 'yield', 'let', 'static', 'implements', 'interface', 'package', 'private', 'protected', 'public', 'await', 'arguments', 'eval', 'undefined', 'NaN', 'Infinity']);
const sourceTexts = scopeFileList().map((f) => readFileSync(join(root, f), 'utf8'));
const dataReads = new Map();
function readAsData(v) {
  if (!dataReads.has(v)) {
    const e = v.replace(/[$]/g, '\\$&');
    const re = new RegExp(`\\b${e}\\[(?!['"\\d])|Object\\.(keys|entries|values)\\(\\s*${e}\\b|\\bin\\s+${e}\\b|keyof typeof ${e}\\b`);
    dataReads.set(v, sourceTexts.some((t) => re.test(t)));
  }
  return dataReads.get(v);
}
const MEANING = ts.SymbolFlags.Value | ts.SymbolFlags.Type | ts.SymbolFlags.Namespace;

function loadProjects() {
  const list = projects.map((p) => ({ name: p, project: new Project({ tsConfigFilePath: join(root, p, 'tsconfig.json') }) }));
  // bench/ and scripts/: plain JavaScript, renamed through a JavaScript project (no type checking).
  const js = new Project({ compilerOptions: { allowJs: true, checkJs: false, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, target: ts.ScriptTarget.ES2022, types: ['node'], noEmit: true } });
  for (const f of scopeFileList().filter(inJsScope)) js.addSourceFileAtPath(join(root, f));
  list.push({ name: 'bench+scripts (js)', project: js, js: true });
  return list;
}

function scopeNodeOf(decl) {
  let n = decl;
  if (ts.isBindingElement(n)) { while (n && (ts.isBindingElement(n) || ts.isObjectBindingPattern(n) || ts.isArrayBindingPattern(n))) n = n.parent; }
  if (ts.isParameter(n) || ts.isTypeParameterDeclaration(n)) return n.parent;
  const isVar = ts.isVariableDeclaration(n) && n.parent && !(n.parent.flags & ts.NodeFlags.BlockScoped);
  for (let p = n.parent; p; p = p.parent) {
    if (isVar) { if (ts.isFunctionLike(p) || ts.isSourceFile(p)) return p; continue; }
    if (ts.isBlock(p) || ts.isSourceFile(p) || ts.isModuleBlock(p) || ts.isCaseBlock(p) || ts.isForStatement(p) || ts.isForInStatement(p) || ts.isForOfStatement(p) || ts.isCatchClause(p) || (ts.isFunctionLike(p) && p !== n)) return p;
  }
  return n.getSourceFile();
}

function isNameReference(id) {
  const p = id.parent;
  if (!p) return false;
  if ((ts.isPropertyAccessExpression(p) || ts.isQualifiedName(p)) && p.name === id) return false;
  if ((ts.isPropertyAssignment(p) || ts.isPropertySignature(p) || ts.isPropertyDeclaration(p) || ts.isMethodDeclaration(p) || ts.isMethodSignature(p) || ts.isGetAccessor(p) || ts.isSetAccessor(p) || ts.isEnumMember(p) || ts.isJsxAttribute(p)) && p.name === id) return false;
  if (ts.isBindingElement(p) && p.propertyName === id) return false;
  if ((ts.isImportSpecifier(p) || ts.isExportSpecifier(p)) && p.propertyName === id) return false;
  return true;
}

const skipAlias = (checker, s) => (s && s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s);
const isOurs = (f) => inScope(f) || inJsScope(f);

function collect({ name: pname, project, js }) {
  const t0 = Date.now();
  const program = project.getProgram().compilerObject;
  const checker = program.getTypeChecker();
  const ls = project.getLanguageService().compilerObject;
  const seen = new Set();
  let count = 0;
  for (const sf of program.getSourceFiles()) {
    const file = rel(sf.fileName);
    if (!(js ? inJsScope(file) : inScope(file))) continue;
    const visit = (node) => {
      if (ts.isIdentifier(node)) consider(node, sf, file);
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }

  // A contextual type that takes any key: a record, any or unknown, or a union with one of those in
  // it (URLSearchParams' init is `string[][] | Record<string, string> | string | URLSearchParams`:
  // `new URLSearchParams({ aba })` names a query parameter, not a property of ours).
  function readsKeysAsData(type) {
    if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return true;
    if (type.isUnion?.()) return type.types.some(readsKeysAsData);
    return !!checker.getIndexInfoOfType(type, ts.IndexKind.String);
  }

  function consider(id, sf, file) {
    const decl = declarationOf(ts, id);
    if (!decl) return;
    const old = id.text;
    const prop = isPropertyLike(ts, decl) || ((ts.isPropertyDeclaration(decl) || ts.isMethodDeclaration(decl) || ts.isGetAccessor(decl) || ts.isSetAccessor(decl)) && ts.isClassLike(decl.parent));
    const target = newNameFor(file, old, prop);
    if (!target || target === old) return;
    if (reserved.has(target) || !ts.isIdentifierText(target, ts.ScriptTarget.Latest)) { skipped.push({ key: `${file}:${id.getStart()}`, old, to: target, why: 'not a valid identifier' }); return; }
    const sym0 = checker.getSymbolAtLocation(id);
    const sym = skipAlias(checker, sym0);
    const d0 = sym?.declarations?.[0];
    const groupKey = d0 ? `${rel(d0.getSourceFile().fileName)}:${(d0.name ?? d0).getStart()}` : `${file}:${id.getStart()}`;
    if (seen.has(groupKey)) return;
    seen.add(groupKey);
    const entry = symbols.get(groupKey) ?? { old, to: target, file, edits: new Map(), problems: [], prop, decorators: false };
    symbols.set(groupKey, entry);
    count++;
    if (prop) {
      const literal = ts.isPropertyAssignment(decl) || ts.isShorthandPropertyAssignment(decl) || ((ts.isMethodDeclaration(decl) || ts.isGetAccessor(decl) || ts.isSetAccessor(decl)) && ts.isObjectLiteralExpression(decl.parent));
      if (literal && !forcedProps[file]?.[old]) {
        // A key read as data (a record's key, Object.keys, obj[variable], 'x' in obj) is a value, not a name.
        const ctx = checker.getContextualType(decl.parent);
        if (ctx && readsKeysAsData(ctx)) return entry.problems.push('a key of a record (data)');
        const holder = ts.isVariableDeclaration(decl.parent.parent) && ts.isIdentifier(decl.parent.parent.name) ? decl.parent.parent.name.text
          : ts.isAsExpression(decl.parent.parent) && ts.isVariableDeclaration(decl.parent.parent.parent) && ts.isIdentifier(decl.parent.parent.parent.name) ? decl.parent.parent.parent.name.text : undefined;
        if (holder && readAsData(holder)) return entry.problems.push(`the keys of ${holder} are read as data`);
        // A chart or table column that names the key in a string (recharts' dataKey, TanStack's
        // accessorKey) reads it at run time: the first run renamed the dashboard's `etapa` under
        // `dataKey="etapa"` and its funnel chart went blank.
        if (new RegExp(`\\b(dataKey|nameKey|accessorKey)\\s*[=:]\\s*\\{?\\s*['"\`]${old}['"\`]`).test(sf.text)) return entry.problems.push('named by a string in this file (dataKey/accessorKey)');
      }
      if (wire.has(old) && !forcedProps[file]?.[old]) return entry.problems.push('a wire field has this name (add it to "properties" if it never reaches the wire)');
      if (/_/.test(old)) return entry.problems.push('snake_case property: a database column');
      for (const d of sym?.declarations ?? []) {
        const df = rel(d.getSourceFile().fileName);
        if (!isOurs(df)) return entry.problems.push(`declared outside the renamed code: ${df}`);
        if (insideZodCall(ts, d)) return entry.problems.push('a zod schema key (wire)');
        // A property of a `declare module 'fastify'` interface is also named by decorate('...') strings.
        if (ts.isModuleBlock(d.parent?.parent)) entry.decorators = true;
      }
    }
    const locs = ls.findRenameLocations(sf.fileName, id.getStart(), false, false, { providePrefixAndSuffixTextForRename: true });
    if (!locs) return entry.problems.push('the language service cannot rename it');
    const reverse = becomes.get(target) ?? new Set([target]);
    const scopes = new Set();
    if (!prop && !(ts.isClassLike(decl.parent) || ts.isInterfaceDeclaration(decl.parent) || ts.isTypeLiteralNode(decl.parent))) scopes.add(scopeNodeOf(decl));
    for (const loc of locs) {
      const lf = rel(loc.fileName);
      if (!isOurs(lf)) return entry.problems.push(`a reference outside the renamed code: ${lf}`);
      const lsf = program.getSourceFile(loc.fileName);
      const text = lsf.text.slice(loc.textSpan.start, loc.textSpan.start + loc.textSpan.length);
      if (text !== old) return entry.problems.push(`unexpected text at ${lf}: ${text}`);
      const node = findNode(lsf, loc.textSpan.start);
      if (node && ts.isIdentifier(node)) {
        if (node.parent && (ts.isPropertyAssignment(node.parent) || ts.isShorthandPropertyAssignment(node.parent)) && node.parent.name === node && insideZodCall(ts, node) && !loc.prefixText) {
          return entry.problems.push(`reaches a zod schema key at ${lf}`);
        }
        if (!prop && isNameReference(node)) {
          for (const n of reverse) {
            if (n === old) continue;
            const other = skipAlias(checker, checker.resolveName(n, node, MEANING, true));
            if (other && other !== sym) return entry.problems.push(`'${n}' is already visible at ${lf}:${lsf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
          }
          if (node.parent && ts.isImportSpecifier(node.parent)) scopes.add(lsf);
        }
      }
      const key = `${loc.fileName}:${loc.textSpan.start}:${loc.textSpan.length}`;
      entry.edits.set(key, { fileName: loc.fileName, start: loc.textSpan.start, end: loc.textSpan.start + loc.textSpan.length, old, to: target, prefix: loc.prefixText ?? '', suffix: loc.suffixText ?? '' });
    }
    // Would an existing reference to another symbol be captured by the new name?
    for (const scope of scopes) {
      const ssf = scope.getSourceFile();
      const stext = ssf.text.slice(scope.pos, scope.end);
      if (![...reverse].some((n) => n !== old && stext.includes(n))) continue;
      let problem;
      const walk = (n) => {
        if (problem) return;
        if (ts.isIdentifier(n) && n.text !== old && reverse.has(n.text) && isNameReference(n)) {
          const other = skipAlias(checker, checker.getSymbolAtLocation(n));
          const inside = other?.declarations?.some((d) => d.getSourceFile() === ssf && d.pos >= scope.pos && d.end <= scope.end);
          if (other !== sym && !inside && !(ts.isIdentifier(n) && declarationOf(ts, n))) problem = `'${n.text}' at ${rel(ssf.fileName)}:${ssf.getLineAndCharacterOfPosition(n.getStart()).line + 1} would be captured`;
        }
        ts.forEachChild(n, walk);
      };
      walk(scope);
      if (problem) return entry.problems.push(problem);
    }
  }

  function findNode(sf, pos) {
    let found;
    const visit = (n) => {
      if (pos < n.getStart(sf) || pos >= n.end) return;
      if (ts.isIdentifier(n) || ts.isStringLiteralLike(n) || ts.isPrivateIdentifier(n)) found = n;
      ts.forEachChild(n, visit);
    };
    visit(sf);
    return found;
  }

  // vi.mock('<module>', () => ({ name: ... })): the factory's keys name the module's exports.
  for (const sf of program.getSourceFiles()) {
    const file = rel(sf.fileName);
    if (!inScope(file) || !(sf.text.includes('vi.mock(') || sf.text.includes('import('))) continue;
    const visit = (n) => {
      // lazyPage(() => import('./x-page'), 'XPage'): the string names an export of that module.
      if (ts.isCallExpression(n) && n.arguments.some((a) => ts.isArrowFunction(a) && ts.isCallExpression(a.body) && a.body.expression.kind === ts.SyntaxKind.ImportKeyword)) {
        const arrow = n.arguments.find((a) => ts.isArrowFunction(a) && ts.isCallExpression(a.body) && a.body.expression.kind === ts.SyntaxKind.ImportKeyword);
        const spec = arrow.body.arguments[0];
        const target = spec && ts.isStringLiteral(spec) && resolveModule(sf.fileName, spec.text);
        const tsf = target && program.getSourceFile(target);
        for (const a of n.arguments) {
          if (!tsf || !ts.isStringLiteral(a)) continue;
          const exported = checker.getSymbolAtLocation(tsf)?.exports?.get(a.text);
          const d0 = exported && skipAlias(checker, exported)?.declarations?.[0];
          const entry = d0 && symbols.get(`${rel(d0.getSourceFile().fileName)}:${(d0.name ?? d0).getStart()}`);
          if (entry) entry.edits.set(`${sf.fileName}:${a.getStart(sf) + 1}:${a.text.length}`, { fileName: sf.fileName, start: a.getStart(sf) + 1, end: a.end - 1, old: a.text, to: entry.to, prefix: '', suffix: '' });
        }
      }
      if (ts.isCallExpression(n) && n.expression.getText(sf) === 'vi.mock' && n.arguments.length === 2 && ts.isStringLiteral(n.arguments[0])) {
        const target = resolveModule(sf.fileName, n.arguments[0].text);
        const objects = [];
        const find = (m) => { if (ts.isObjectLiteralExpression(m)) objects.push(m); else ts.forEachChild(m, find); };
        find(n.arguments[1]);
        for (const obj of objects.slice(0, 1)) {
          for (const p of obj.properties) {
            if (!(ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) || !ts.isIdentifier(p.name) || !target) continue;
            const tsf = program.getSourceFile(target);
            const exported = tsf && checker.getSymbolAtLocation(tsf)?.exports?.get(p.name.text);
            const s = exported && skipAlias(checker, exported);
            const d0 = s?.declarations?.[0];
            if (!d0) continue;
            const entry = symbols.get(`${rel(d0.getSourceFile().fileName)}:${(d0.name ?? d0).getStart()}`);
            if (!entry) continue;
            const start = p.name.getStart(sf);
            entry.edits.set(`${sf.fileName}:${start}:${p.name.text.length}`, { fileName: sf.fileName, start, end: p.name.end, old: p.name.text, to: entry.to, prefix: '', suffix: ts.isShorthandPropertyAssignment(p) ? `: ${p.name.text}` : '' });
          }
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  // Pick<T, 'a' | 'b'> / Omit<T, 'a'>: the string literals name T's properties; the language service
  // misses them when T is generic.
  for (const sf of program.getSourceFiles()) {
    const file = rel(sf.fileName);
    if (!(js ? inJsScope(file) : inScope(file)) || !/\b(Pick|Omit)</.test(sf.text)) continue;
    const visit = (n) => {
      if (ts.isTypeReferenceNode(n) && ts.isIdentifier(n.typeName) && /^(Pick|Omit)$/.test(n.typeName.text) && n.typeArguments?.length === 2) {
        const target = checker.getTypeFromTypeNode(n.typeArguments[0]);
        const lits = [];
        const find = (m) => { if (ts.isLiteralTypeNode(m) && ts.isStringLiteral(m.literal)) lits.push(m.literal); else ts.forEachChild(m, find); };
        find(n.typeArguments[1]);
        for (const lit of lits) {
          const p = checker.getPropertyOfType(target, lit.text);
          const d0 = p?.declarations?.[0];
          const entry = d0 && symbols.get(`${rel(d0.getSourceFile().fileName)}:${(d0.name ?? d0).getStart()}`);
          if (entry) entry.edits.set(`${sf.fileName}:${lit.getStart(sf) + 1}:${lit.text.length}`, { fileName: sf.fileName, start: lit.getStart(sf) + 1, end: lit.end - 1, old: lit.text, to: entry.to, prefix: '', suffix: '' });
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }

  // Property uses that only a run-time flow could tie to a renamed property (so neither the language
  // service nor the compiler would see them): keys of object literals whose contextual type does not
  // declare them, accesses on `any`, bindings from untyped values; everything in plain JavaScript.
  const propNames = allOldNames;
  const declared = (s) => !!s?.declarations?.some((d) => ts.isPropertySignature(d) || ts.isPropertyDeclaration(d) || ts.isMethodSignature(d) || ts.isParameter(d) ||
    ((ts.isMethodDeclaration(d) || ts.isGetAccessor(d) || ts.isSetAccessor(d)) && ts.isClassLike(d.parent)) || insideZodCall(ts, d));
  for (const sf of program.getSourceFiles()) {
    const file = rel(sf.fileName);
    if (!(js ? inJsScope(file) : inScope(file))) continue;
    const visit = (n) => {
      let id;
      let risky = false;
      if ((ts.isPropertyAssignment(n) || ts.isShorthandPropertyAssignment(n) || ((ts.isMethodDeclaration(n) || ts.isGetAccessor(n)) && ts.isObjectLiteralExpression(n.parent))) && n.name && ts.isIdentifier(n.name) && propNames.has(n.name.text)) {
        id = n.name;
        const ctx = checker.getContextualType(n.parent);
        risky = !ctx || !declared(checker.getPropertyOfType(ctx, id.text));
      } else if (ts.isPropertyAccessExpression(n) && ts.isIdentifier(n.name) && propNames.has(n.name.text)) {
        id = n.name;
        risky = !declared(checker.getSymbolAtLocation(id));
      } else if (ts.isElementAccessExpression(n) && ts.isStringLiteral(n.argumentExpression) && propNames.has(n.argumentExpression.text)) {
        id = n.argumentExpression;
        risky = !declared(checker.getSymbolAtLocation(id));
      } else if (ts.isBindingElement(n) && ts.isObjectBindingPattern(n.parent)) {
        const key = n.propertyName && ts.isIdentifier(n.propertyName) ? n.propertyName : ts.isIdentifier(n.name) ? n.name : undefined;
        if (key && propNames.has(key.text)) {
          id = key;
          const type = checker.getTypeAtLocation(n.parent);
          risky = !type || !declared(checker.getPropertyOfType(type, key.text));
        }
      }
      if (id && (risky || js)) riskyUses.add(`${sf.fileName}:${ts.isStringLiteral(id) ? id.getStart(sf) + 1 : id.getStart(sf)}`);
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  console.log(`${pname}: ${count} declarations to rename (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

function resolveModule(fromFile, spec) {
  let base;
  if (spec.startsWith('.')) base = resolve(dirname(fromFile), spec);
  else if (spec.startsWith('@legiao/contracts')) base = join(root, 'packages/contracts/src', spec.slice('@legiao/contracts'.length).replace(/^\//, '') || 'index');
  else return undefined;
  base = base.replace(/\.(m?js|tsx?)$/, '');
  for (const c of [`${base}.ts`, `${base}.tsx`, `${base}.mjs`, `${base}.js`, `${base}/index.ts`, `${base}/index.tsx`]) if (existsSync(c)) return c;
  return undefined;
}

// ---- 1. collect, project by project
for (const p of loadProjects()) collect(p);

// ---- 2a. properties: TypeScript links a property's declaration to the object literals, accesses and
// bindings it can see through types; one built without a contextual type and assigned later (structural
// typing) is not linked. So a property is renamed only if every use of its name as a property in the
// code is among the linked locations of the properties being renamed under that name.
const propertyUses = new Map();
for (const f of scopeFileList()) {
  const abs = join(root, f);
  const sf = ts.createSourceFile(abs, readFileSync(abs, 'utf8'), ts.ScriptTarget.Latest, true, f.endsWith('x') ? ts.ScriptKind.TSX : undefined);
  const visit = (n) => {
    let id;
    if ((ts.isPropertyAssignment(n) || ts.isShorthandPropertyAssignment(n) || ts.isPropertySignature(n) || ts.isPropertyDeclaration(n) || ts.isMethodDeclaration(n) || ts.isMethodSignature(n) || ts.isGetAccessor(n) || ts.isSetAccessor(n) || ts.isJsxAttribute(n)) && n.name && ts.isIdentifier(n.name)) id = n.name;
    else if (ts.isPropertyAccessExpression(n) && ts.isIdentifier(n.name)) id = n.name;
    else if (ts.isBindingElement(n) && ts.isObjectBindingPattern(n.parent)) id = n.propertyName && ts.isIdentifier(n.propertyName) ? n.propertyName : ts.isIdentifier(n.name) ? n.name : undefined;
    else if (ts.isElementAccessExpression(n) && ts.isStringLiteral(n.argumentExpression)) id = n.argumentExpression;
    if (id) {
      const name = id.text;
      if (!propertyUses.has(name)) propertyUses.set(name, []);
      propertyUses.get(name).push(`${abs}:${ts.isStringLiteral(id) ? id.getStart(sf) + 1 : id.getStart(sf)}`);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
}
const linked = new Map();
for (const s of symbols.values()) {
  if (!s.prop || s.problems.length) continue;
  const k = `${s.old}>${s.to}`;
  if (!linked.has(k)) linked.set(k, new Set());
  for (const e of s.edits.values()) linked.get(k).add(`${e.fileName}:${e.start}`);
}
for (const s of symbols.values()) {
  if (!s.prop || s.problems.length) continue;
  const spans = linked.get(`${s.old}>${s.to}`);
  const stray = (propertyUses.get(s.old) ?? []).filter((u) => !spans.has(u) && riskyUses.has(u));
  if (stray.length) s.problems.push(`the name is also an untyped property here, which only a run-time flow could tie to it (${rel(stray[0].replace(/:\d+$/, ''))}); rename both through "properties" or keep it`);
}
// Properties with one name may meet structurally: rename them all or none.
const blockedProps = new Map();
for (const s of symbols.values()) if (s.prop && s.problems.length && !blockedProps.has(s.old)) blockedProps.set(s.old, s.key ?? s.file);
for (const s of symbols.values()) if (s.prop && !s.problems.length && blockedProps.has(s.old)) s.problems.push(`another property named ${s.old} stays (${blockedProps.get(s.old)})`);

// ---- 2. merge: one edit per span; drop every symbol with a problem (in any project)
const byFile = new Map();
let renamed = 0;
const conflicts = [];
for (const [key, s] of symbols) {
  if (s.problems.length) { skipped.push({ key, old: s.old, to: s.to, why: [...new Set(s.problems)].join('; ') }); continue; }
  renamed++;
  for (const e of s.edits.values()) {
    if (!byFile.has(e.fileName)) byFile.set(e.fileName, new Map());
    const spans = byFile.get(e.fileName);
    const k = `${e.start}:${e.end}`;
    const prev = spans.get(k);
    if (!prev) { spans.set(k, e); continue; }
    const same = (a, b) => a.prefix === b.prefix && a.suffix === b.suffix && a.to === b.to;
    if (same(prev, e)) continue;
    // `{ nome }`: the property's rename gives `P: nome` (suffix), the variable's `nome: V` (prefix),
    // a plain edit renames both sides -> `P: V`, or `P` when they agree.
    const sides = (x) => (x.suffix && !x.prefix ? { P: x.to } : x.prefix && !x.suffix ? { V: x.to } : !x.prefix && !x.suffix ? { P: x.to, V: x.to, plain: true } : undefined);
    const a = sides(prev), b = sides(e);
    if (a && b) {
      const pick = (side) => (a.plain ? undefined : a[side]) ?? (b.plain ? undefined : b[side]) ?? a[side] ?? b[side] ?? e.old;
      const P = pick('P');
      const V = pick('V');
      const merged = { ...e, prefix: '', suffix: '', to: P === V ? P : `${P}: ${V}` };
      if (a.plain && b.plain && a.P !== b.P) conflicts.push(`${rel(e.fileName)}@${e.start}: ${prev.to} vs ${e.to}`);
      else spans.set(k, merged);
    } else conflicts.push(`${rel(e.fileName)}@${e.start}: ${prev.prefix}${prev.to}${prev.suffix} vs ${e.prefix}${e.to}${e.suffix}`);
  }
}

// app.decorate('fila', ...) and friends name a renamed `declare module 'fastify'` property by string.
const decoratorRenames = new Map([...symbols.values()].filter((s) => s.decorators && !s.problems.length).map((s) => [s.old, s.to]));

// ---- 3. apply
let editCount = 0;
const changed = new Set();
for (const [fileName, spans] of byFile) {
  let text = readFileSync(fileName, 'utf8');
  const edits = [...spans.values()].sort((a, b) => b.start - a.start);
  for (const e of edits) {
    text = text.slice(0, e.start) + e.prefix + e.to + e.suffix + text.slice(e.end);
    editCount++;
  }
  changed.add(fileName);
  if (!dry) writeFileSync(fileName, text);
}
if (decoratorRenames.size) {
  for (const f of scopeFileList().filter(inScope)) {
    const abs = join(root, f);
    const text = readFileSync(abs, 'utf8');
    const next = text.replace(/\.(decorate|decorateRequest|decorateReply|hasDecorator|hasRequestDecorator|hasReplyDecorator)\((['"])(\w+)\2/g, (m, fn, q, n) => (decoratorRenames.has(n) ? `.${fn}(${q}${decoratorRenames.get(n)}${q}` : m));
    if (next !== text) { editCount++; changed.add(abs); if (!dry) writeFileSync(abs, next); }
  }
}

// ---- 4. file moves: the file, then every specifier that names it
const moves = Object.entries(map.files ?? {}).filter(([from, to]) => {
  if (!existsSync(join(root, from))) return false;
  if (existsSync(join(root, to))) { console.log(`not moved: ${from} -> ${to} exists`); return false; }
  return true;
});
if (moves.length) {
  const moved = new Map(moves.map(([from, to]) => [join(root, from), join(root, to)]));
  const stripExt = (p) => p.replace(/\.(tsx?|m?js)$/, '');
  for (const f of scopeFileList()) {
    const abs = join(root, f);
    let text = readFileSync(abs, 'utf8');
    const sf = ts.createSourceFile(abs, text, ts.ScriptTarget.Latest, true);
    const fix = [];
    const newSelf = moved.get(abs) ?? abs;
    const visit = (n) => {
      let lit;
      if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier)) lit = n.moduleSpecifier;
      else if (ts.isCallExpression(n) && (n.expression.kind === ts.SyntaxKind.ImportKeyword || /^(vi\.mock|vi\.importActual|require)$/.test(n.expression.getText(sf))) && n.arguments[0] && ts.isStringLiteral(n.arguments[0])) lit = n.arguments[0];
      else if (ts.isImportTypeNode(n) && ts.isLiteralTypeNode(n.argument) && ts.isStringLiteral(n.argument.literal)) lit = n.argument.literal;
      if (lit) {
        const spec = lit.text;
        const target = resolveModule(abs, spec);
        const dest = target && moved.get(target);
        if (dest || (moved.has(abs) && spec.startsWith('.'))) {
          const to = dest ?? target ?? resolve(dirname(abs), spec);
          let next;
          if (spec.startsWith('@legiao/contracts/')) next = `@legiao/contracts/${stripExt(relative(join(root, 'packages/contracts/src'), to))}`;
          else if (spec.startsWith('.')) {
            const ext = spec.match(/\.(m?js|tsx?)$/)?.[0] ?? '';
            let r = relative(dirname(newSelf), stripExt(to)).split('\\').join('/');
            if (!r.startsWith('.')) r = `./${r}`;
            next = r + (ext === '.js' || ext === '.mjs' ? ext : ext ? to.match(/\.(tsx?|m?js)$/)[0] : '');
          }
          if (next && next !== spec) fix.push([lit.getStart(sf) + 1, lit.end - 1, next]);
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
    for (const [s, e, t] of fix.sort((a, b) => b[0] - a[0])) text = text.slice(0, s) + t + text.slice(e);
    if (fix.length) { changed.add(abs); editCount += fix.length; if (!dry) writeFileSync(abs, text); }
  }
  // Scripts and docs that name a moved file by path.
  const textFiles = ['apps/api/package.json', 'apps/web/package.json', 'package.json', 'Dockerfile', 'ARCHITECTURE.md', 'README.md', 'apps/api/build.mjs', 'apps/web/vite.config.ts', 'apps/api/vitest.config.ts', 'apps/web/index.html'];
  // ...and source files that name one by path in a string (a test running `src/features/x/y.ts`).
  for (const f of [...textFiles, ...scopeFileList()]) {
    const abs = join(root, f);
    if (!existsSync(abs)) continue;
    let text = readFileSync(abs, 'utf8');
    const before = text;
    for (const [from, to] of moves) {
      // longest suffix of the path that is written there: `src/features/x/y.ts`, `contracts/src/y.ts`, `y-constantes`
      for (let parts = from.split('/'), i = 0; i < parts.length - 1; i++) {
        const a = parts.slice(i).join('/');
        const b = to.split('/').slice(i).join('/');
        if (text.includes(a)) { text = text.split(a).join(b); break; }
      }
    }
    if (text !== before) { changed.add(abs); if (!dry) writeFileSync(abs, text); }
  }
  for (const [from, to] of moves) {
    if (dry) continue;
    mkdirSync(dirname(join(root, to)), { recursive: true });
    renameSync(join(root, from), join(root, to));
  }
}

// ---- 5. report
if (skipped.length) {
  console.log(`\nLeft as they are (${skipped.length}):`);
  for (const s of skipped.sort((a, b) => a.key.localeCompare(b.key))) if (verbose || !/wire field|snake_case|zod schema key/.test(s.why)) console.log(`  ${s.old} -> ${s.to} (${s.key}): ${s.why}`);
  const quiet = skipped.filter((s) => /wire field|snake_case|zod schema key/.test(s.why)).length;
  if (!verbose && quiet) console.log(`  ... and ${quiet} properties named like wire fields or columns (--verbose lists them)`);
}
if (conflicts.length) { console.log(`\nOverlapping edits not applied (${conflicts.length}):`); for (const c of conflicts) console.log(`  ${c}`); }
console.log(`\n${dry ? '[dry run] ' : ''}${renamed} symbols renamed, ${moves.length} files moved, ${editCount} edits in ${changed.size} files, ${((Date.now() - started) / 1000).toFixed(0)} s`);
