#!/usr/bin/env node
// Lists the code identifiers that are still Portuguese (ADR 0030): declarations in apps/api (src,
// test), apps/web/src, packages/contracts/src, e2e, bench and scripts whose name has a word of
// tools/rename/words.json. Exempt, because they are the wire's or the database's names: properties
// named like a contract field, a zod key or enum value, or a Prisma model/field; snake_case
// properties (SQL columns); and the names in tools/rename/allow.json, each with its reason.
//   node tools/rename/check.mjs           the list; exit 1 if it is not empty (a `pnpm test` step)
//   node tools/rename/check.mjs --summary counts per file only
//   node tools/rename/check.mjs --update-baseline  records what is listed now in allow.json "baseline" (after a rename)
// Parses only (no type checking): a few seconds.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadTsMorph, root, toolDir, scopeFileList, loadWords, splitWords, wireNames, declarationOf, kindLabel, isPropertyLike, insideZodCall, loadJson } from './lib.mjs';

const started = Date.now();
const { ts } = await loadTsMorph();
const words = loadWords();
const wire = wireNames(ts);
const allow = loadJson('allow.json');
const allowedNames = new Map(Object.entries(allow.names ?? {}));
const allowedFiles = Object.entries(allow.files ?? {}); // { "path prefix": reason }
const allowedWords = new Set(Object.keys(allow.words ?? {}));
// Left by the rename for a reason the tool reported (a property also used untyped, a key read as data):
// recorded per file so the check fails on new Portuguese names only. The list is debt to shrink.
const baseline = allow.baseline ?? {};
const update = process.argv.includes('--update-baseline');

const found = [];
let declarations = 0;
for (const f of scopeFileList()) {
  if (allowedFiles.some(([prefix]) => f.startsWith(prefix))) continue;
  const sf = ts.createSourceFile(f, readFileSync(join(root, f), 'utf8'), ts.ScriptTarget.Latest, true, f.endsWith('x') ? ts.ScriptKind.TSX : undefined);
  const visit = (node) => {
    if (ts.isIdentifier(node)) {
      const decl = declarationOf(ts, node);
      if (decl) {
        declarations++;
        const name = node.text;
        const pt = splitWords(name).filter((w) => words.has(w.toLowerCase()) && !allowedWords.has(w.toLowerCase()));
        if (pt.length && !allowedNames.has(name) && (update || !baseline[f]?.includes(name))) {
          const prop = isPropertyLike(ts, decl) || ts.isClassLike(decl.parent);
          const wireMirror = prop && (wire.has(name) || /_/.test(name) || insideZodCall(ts, node));
          if (!wireMirror) found.push({ f, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, name, kind: kindLabel(ts, decl), words: pt });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

if (update) {
  const next = {};
  for (const x of found) next[x.f] = [...new Set([...(next[x.f] ?? []), x.name])].sort();
  allow.baseline = Object.fromEntries(Object.entries(next).sort());
  writeFileSync(join(toolDir, 'allow.json'), `${JSON.stringify(allow, null, 1)}\n`);
  console.log(`allow.json baseline: ${found.length} names in ${Object.keys(next).length} files`);
  process.exit(0);
}
const byFile = new Map();
for (const x of found) byFile.set(x.f, [...(byFile.get(x.f) ?? []), x]);
if (process.argv.includes('--summary')) {
  for (const [f, xs] of [...byFile].sort((a, b) => b[1].length - a[1].length)) console.log(`${String(xs.length).padStart(4)}  ${f}`);
} else {
  for (const [f, xs] of byFile) {
    console.log(f);
    for (const x of xs) console.log(`  ${x.line}: ${x.name} (${x.kind}; ${x.words.join(', ')})`);
  }
}
const secs = ((Date.now() - started) / 1000).toFixed(1);
console.log(`\nNomes em português no código: ${found.length} de ${declarations} declarações, em ${byFile.size} arquivos (${secs} s). Regra: docs/decisions/0030-english-identifiers.md`);
process.exit(found.length ? 1 : 0);
