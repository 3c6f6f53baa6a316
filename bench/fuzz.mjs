// Contract fuzzer (issue 14, docs/decisions/0023-request-hardening.md): reads the API's own OpenAPI
// document (GET /api/docs/json) and, for every operation, sends input that breaks it one field at a
// time and as a whole: wrong JSON types, boundary numbers, long/empty/odd strings, invalid enum
// values and formats, control characters, lone surrogates, bad percent-encoding, duplicate and
// missing parameters, extra fields, bodies that are not JSON or not of the documented media type, a
// 1 MB body, huge headers, and no token / a bad token / the member's token on /api/admin; the store
// integration's calls (/api/integracao/) with a machine key holding every scope (made through the back
// office's API, as a store's developer gets one), a session token there, and that key everywhere else.
//
// Every answer is checked: status < 500; a 4xx is JSON `{ errors: [{ message }] }` with a non-empty
// Portuguese message; a request the document declares invalid (judged by ajv over the document's
// own schemas, with the wire rules below) is never answered 2xx. Prints counts per class and every
// failure; exits 1 if there is any.
//
// Usage: pnpm build && node bench/fuzz.mjs
//   FUZZ_PORT (3731; the fake postal-code service takes the next port), FUZZ_DB (legiao_test_fuzz,
//   made anew each run), MAX_SECONDS (240: no new case starts after that), CONCURRENCY (4),
//   CASES_PER_FIELD (40), ONLY (a substring of "METHOD /path" to fuzz only matching operations),
//   FUZZ_JSON (a file to write the failures to), FUZZ_API_LOG (the API's output; default in /tmp),
//   FUZZ_API_DIST (another compiled server.js, e.g. a revision built in a git worktree).
//
// Wire rules the document can't say itself (OpenAPI 3.0, form-style parameters): an integer
// parameter is written in decimal digits with an optional minus sign; a boolean one is `true` or
// `false`; a parameter the document declares once may not be repeated; a URL whose percent-encoding
// doesn't decode to UTF-8 is invalid. A token that the server didn't issue, no token on an operation
// with `security`, a member's token on /api/admin/*, a session token on /api/integracao/* and a
// machine key anywhere else are invalid input too. The orders call (POST /api/integracao/v1/pedidos)
// checks each order alone and answers 200 with the bad ones `recusado` (ADR 0041): an answer whose
// every order is `recusado`, each with Portuguese reasons, is its refusal.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createSigner } from 'fast-jwt';
import pg from 'pg';
import { toDraft7 } from '../apps/api/test/support/openapi-draft7.mjs';
import { API_DIST, DEV_JWT_SECRET, PG_BASE, assertApiBuilt, root, waitFor } from './lib.mjs';

// ajv is the API's test dependency (test/openapi-contract.test.ts): the same independent validator.
const requireFromApi = createRequire(join(root, 'apps/api/package.json'));
const { Ajv } = requireFromApi('ajv');
const addFormats = requireFromApi('ajv-formats').default;

const PORT = Number(process.env.FUZZ_PORT ?? 3731);
const CEP_PORT = PORT + 1;
const DB_NAME = process.env.FUZZ_DB ?? 'legiao_test_fuzz';
const MAX_SECONDS = Number(process.env.MAX_SECONDS ?? 240);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 4);
const CASES_PER_FIELD = Number(process.env.CASES_PER_FIELD ?? 40);
const ONLY = process.env.ONLY;
const API_LOG = process.env.FUZZ_API_LOG ?? join(tmpdir(), `legiao-fuzz-api-${PORT}.log`);
const BASE = `http://127.0.0.1:${PORT}`;
// Another build to fuzz (e.g. an older revision compiled in a git worktree), as bench/launch.mjs does.
const API_DIST_USED = process.env.FUZZ_API_DIST ?? API_DIST;
const DEMO_PASSWORD = 'Legiao@2025';
const started = Date.now();
const deadline = started + MAX_SECONDS * 1000;

// --- what counts as a failure ------------------------------------------------------------------

/** English words and framework codes: a message with one of them was not written for the member. */
const ENGLISH =
  /\b(the|must|should|invalid|required|expected|received|body|querystring|params|unexpected|FST_\w*|is not|not found|bad request|internal|error|failed|cannot|too (long|large|big|small)|string|number|integer|boolean|object|array|undefined|NaN|payload|missing|unsupported|media type|content[- ]type|header|allowed)\b/i;
const FALLBACK = 'Algo deu errado na requisição';

const FAILURE_LABEL = {
  status5xx: 'resposta 5xx',
  noAnswer: 'sem resposta (conexão caiu ou tempo esgotado)',
  notJson: 'erro 4xx que não é JSON',
  noMessage: 'erro 4xx sem errors[0].message (corpo vazio ou fora do formato)',
  english: 'mensagem em inglês ou de framework',
  acceptedInvalid: '2xx para entrada que o documento declara inválida',
  untypedSchema: 'campo sem tipo no documento (schema {})',
};

const CLASS_LABEL = {
  baseline: 'pedido válido (referência)',
  wrongType: 'tipo JSON errado',
  number: 'números de fronteira',
  numberText: 'números como texto (NaN, 1e3, 0x10, espaços)',
  longString: 'texto acima de maxLength / 100 KB',
  emptyString: 'texto vazio ou só espaços',
  enum: 'valor fora do enum',
  format: 'formato inválido (e-mail, data, uuid, padrão)',
  control: 'caracteres de controle',
  surrogate: 'surrogates isolados / UTF-8 inválido',
  percent: 'percent-encoding inválido',
  duplicate: 'parâmetro repetido',
  missing: 'campo/parâmetro obrigatório ausente',
  extra: 'campo desconhecido',
  array: 'listas (vazias, longas, itens errados)',
  wholeBody: 'corpo inteiro de outro tipo',
  notJson: 'corpo que não é JSON',
  contentType: 'content-type errado',
  bigBody: 'corpo de 1 MB',
  header: 'cabeçalhos enormes ou inválidos',
  noToken: 'sem token',
  badToken: 'token inválido',
  memberToken: 'token de membro em /api/admin',
  sessionOnMachine: 'token de sessão em /api/integracao',
  machineKey: 'chave de integração fora de /api/integracao',
  protocol: 'protocolo (métodos, caminhos, HTTP cru)',
};

// --- the document's schemas, validated by ajv ----------------------------------------------------

const ajv = new Ajv({ strict: false, allErrors: false });
addFormats(ajv);
const validators = new WeakMap();
function validates(schema, value) {
  if (!schema) return true;
  let v = validators.get(schema);
  if (!v) validators.set(schema, (v = ajv.compile(toDraft7(schema))));
  return v(value);
}

/** The schema's concrete type (first branch of anyOf/oneOf), or undefined for `{}`. */
const typeOf = (s) => s?.type ?? (s?.anyOf ?? s?.oneOf)?.find((b) => b.type && b.type !== 'null')?.type;
const branch = (s) => (s?.type ? s : (s?.anyOf ?? s?.oneOf)?.find((b) => b.type && b.type !== 'null') ?? s);
const isUntyped = (s) => s && typeof s === 'object' && Object.keys(s).every((k) => k === 'description' || k === 'default');

const INVALID = Symbol('invalid');
/** A parameter's text as the document's form style reads it, or INVALID. */
function fromWire(text, schema) {
  const type = typeOf(schema);
  if (type === 'integer') return /^-?\d+$/.test(text) ? Number(text) : INVALID;
  if (type === 'number') return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : INVALID;
  if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : INVALID;
  return text;
}

// --- sample values (a request the document calls valid) ------------------------------------------

function cpfFrom(seed) {
  const base = String(100000000 + (seed % 899999999)).slice(-9).split('').map(Number);
  const digit = (ds) => {
    const sum = ds.reduce((s, d, i) => s + d * (ds.length + 1 - i), 0);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const d1 = digit(base);
  return [...base, d1, digit([...base, d1])].join('');
}
let uniqueSeed = Date.now() % 100000000;
const unique = () => ++uniqueSeed;

/** Fields that close a period: their sample dates come after the ones that open it. */
const END_NAMES = /^(fim|ate|dataFim|contagemAte)$/;
/** An ISO moment `days` from now (samples stay inside "no more than a year ahead" rules). */
const isoIn = (days) => new Date(Date.now() + days * 86_400_000).toISOString();

/** Strings tried, in order, against a field's pattern and lengths; the first one is new each time (unique keys). */
function patternCandidates(name) {
  const when = isoIn(END_NAMES.test(name) ? 60 : 30);
  return [
    `fuzz-${unique()}`, 'abc', 'ABC-1', `FUZZ${unique()}`, when.slice(0, 10), when.slice(0, 16), when, '10:00',
    '/imagens/fuzz.png', 'https://legiao.dev/fuzz', 'fuzz@legiao.dev', '01310100', '52998224725', '11987654321',
    'SP', '#1a2b3c', '00000000-0000-4000-8000-000000000000', 'Legiao@2025', 'abcdefgh', '12345678', 'a', '1',
  ];
}

/** Values the document can't describe (refinements): by field name, so the reference request passes. */
function hinted(name, ctx) {
  switch (name) {
    case 'email':
    case 'novoEmail':
      return ctx.targetEmail;
    case 'cpf':
      return ctx.targetCpf;
    case 'cep':
      return '01310100';
    case 'celular':
      return '11987654321';
    case 'senha':
      return DEMO_PASSWORD;
    case 'novaSenha':
      return 'Fuzz@20251';
    case 'dataNascimento':
    case 'dtNascimento':
      return '1990-05-17';
    case 'genero':
      return 'mulher';
    case 'uf':
      return 'SP';
    case 'nome':
      return 'Fuzz Teste';
    case 'dataCompra':
      return '2025-01-15';
    // The store's orders (only their reference request has these in its context): a SKU of the
    // catalogue and a purchase day, rules the document can't state.
    case 'sku':
      return ctx.sku;
    case 'data':
      return ctx.orderDay;
    default:
      return undefined;
  }
}

function sample(schema, name, ctx, depth = 0) {
  const s = branch(schema) ?? {};
  const hint = hinted(name, ctx);
  if (hint !== undefined && (isUntyped(s) || validates(s, hint))) return hint;
  if (s.default !== undefined && validates(s, s.default)) return s.default;
  if (Array.isArray(s.enum)) return s.enum.find((v) => v !== null);
  switch (s.type) {
    case 'integer':
    case 'number': {
      const lo = s.minimum ?? -Infinity;
      const hi = s.maximum ?? Infinity;
      const min = s.exclusiveMinimum === true ? lo + 1 : lo;
      return Math.min(Math.max(1, min), hi);
    }
    case 'boolean':
      return true;
    case 'array': {
      const n = Math.max(1, s.minItems ?? 0);
      return Array.from({ length: Math.min(n, s.maxItems ?? n) }, () => sample(s.items, name, ctx, depth + 1));
    }
    case 'object': {
      const out = {};
      if (depth > 6) return out;
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = sample(v, k, ctx, depth + 1);
      return out;
    }
    case 'string': {
      if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (s.format === 'date-time') return isoIn(END_NAMES.test(name) ? 60 : 30);
      if (s.format === 'date') return isoIn(END_NAMES.test(name) ? 60 : 30).slice(0, 10);
      if (s.format === 'email') return ctx.targetEmail;
      const fits = (c) => validates(s, c);
      const found = patternCandidates(name).find(fits);
      if (found) return found;
      const len = Math.max(s.minLength ?? 3, 3);
      return 'a'.repeat(Math.min(len, s.maxLength ?? len));
    }
    default:
      return hint ?? 'abc';
  }
}

// --- requests -----------------------------------------------------------------------------------

/** A JSON token written as is (numbers JSON.stringify can't produce) or raw bytes inside the body. */
class Raw {
  constructor(text) {
    this.text = text;
  }
}
const raw = (text) => new Raw(text);

/** JSON text (a Buffer) with Raw tokens spliced in. */
function serialize(value) {
  const raws = [];
  const text = JSON.stringify(value, (_k, v) => (v instanceof Raw ? `\u0000RAW${raws.push(v) - 1}` : v));
  if (!raws.length) return Buffer.from(text);
  const parts = text.split(/"\\u0000RAW(\d+)"/);
  return Buffer.concat(parts.map((p, i) => (i % 2 ? (Buffer.isBuffer(raws[Number(p)].text) ? raws[Number(p)].text : Buffer.from(raws[Number(p)].text)) : Buffer.from(p))));
}

const encode = (s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function clone(v) {
  if (v instanceof Raw || v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(clone);
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, clone(x)]));
}
function getAt(obj, path) {
  return path.reduce((o, k) => (o == null ? undefined : o[k]), obj);
}
function setAt(obj, path, value, full) {
  if (!path.length) return value;
  // A field under an optional object the reference request left out: the object comes from `full`.
  for (let i = 1; i < path.length; i++) {
    const parent = getAt(obj, path.slice(0, i - 1));
    if (parent && typeof parent === 'object' && parent[path[i - 1]] == null && full) parent[path[i - 1]] = clone(getAt(full, path.slice(0, i)));
  }
  const parent = getAt(obj, path.slice(0, -1));
  if (parent && typeof parent === 'object') parent[path.at(-1)] = value;
  return obj;
}

/** Only the required fields of `value`, at every level (the other reference request). */
function requiredOnly(schema, value, depth = 0) {
  const s = branch(schema) ?? {};
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => requiredOnly(s.items, v, depth + 1));
  const required = new Set(s.required ?? []);
  return Object.fromEntries(Object.entries(value).filter(([k]) => required.has(k)).map(([k, v]) => [k, requiredOnly(s.properties?.[k], v, depth + 1)]));
}
function deleteAt(obj, path) {
  const parent = getAt(obj, path.slice(0, -1));
  if (parent && typeof parent === 'object') {
    if (Array.isArray(parent)) parent.splice(Number(path.at(-1)), 1);
    else delete parent[path.at(-1)];
  }
  return obj;
}

/**
 * The reference request of an operation: every path, required query and header parameter and every
 * body field with a sample value. Built anew for each case, at send time (targets can change).
 */
function baseRequest(op, ctx) {
  const req = { path: {}, rawPath: {}, query: [], rawQuery: '', headers: {}, body: undefined, contentType: undefined, identity: op.identity, forcedInvalid: false };
  for (const p of op.params) {
    const value = op.pathValue?.(p.name, ctx) ?? String(sample(p.schema, p.name, ctx));
    if (p.in === 'path') req.path[p.name] = value;
    else if (p.in === 'query' && (p.required || op.fullQuery)) req.query.push([p.name, value]);
    else if (p.in === 'header' && p.required) req.headers[p.name] = value;
  }
  if (op.bodySchema) {
    const full = op.bodyValue?.(ctx) ?? sample(op.bodySchema, '', ctx);
    req.body = { json: op.bodyMode === 'required' ? requiredOnly(op.bodySchema, full) : full };
    req.full = full;
    req.contentType = 'application/json';
  }
  return req;
}

/** The document's verdict on a request: true when some part of it is declared invalid. */
function declaredInvalid(op, req) {
  if (req.forcedInvalid) return true;
  if (op.secured && !['admin', 'member', 'self', 'target', 'machine'].includes(req.identity)) return true;
  if (op.adminOnly && req.identity !== 'admin') return true;
  // A machine key only on the integration's calls, and only a machine key there.
  if (op.secured && op.machine !== (req.identity === 'machine')) return true;
  for (const p of op.params) {
    let values;
    if (p.in === 'path') values = req.path[p.name] === undefined ? [] : [req.path[p.name]];
    else if (p.in === 'query') values = req.query.filter(([k]) => k === p.name).map(([, v]) => v);
    else if (p.in === 'header') {
      const key = Object.keys(req.headers).find((k) => k.toLowerCase() === p.name.toLowerCase());
      values = key === undefined ? [] : [req.headers[key]];
    } else continue;
    if (!values.length) {
      if (p.required) return true;
      continue;
    }
    if (values.length > 1 && typeOf(p.schema) !== 'array') return true;
    for (const text of values) {
      const value = fromWire(text, p.schema);
      if (value === INVALID || !validates(p.schema, value)) return true;
    }
  }
  if (op.requestBody) {
    if (req.body === undefined) return Boolean(op.requestBody.required);
    const media = (req.contentType ?? '').split(';')[0].trim().toLowerCase();
    const content = Object.entries(op.requestBody.content ?? {}).find(([type]) => type.toLowerCase() === media);
    if (!content) return true;
    if (media !== 'application/json') return false;
    const bytes = req.body.json !== undefined ? serialize(req.body.json) : Buffer.from(req.body.text);
    let parsed;
    try {
      // RFC 8259 (8.1) lets a parser ignore a leading byte order mark; Fastify's does.
      parsed = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
    } catch {
      return true;
    }
    return !validates(content[1].schema, parsed);
  }
  return false;
}

// --- the HTTP client ------------------------------------------------------------------------------

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });

function send({ method, path, headers = {}, body }) {
  return new Promise((resolve) => {
    let settled = false;
    const done = (r) => {
      if (!settled) {
        settled = true;
        resolve(r);
      }
    };
    let request;
    try {
      request = http.request({ host: '127.0.0.1', port: PORT, method, path, headers: { ...headers, ...(body ? { 'content-length': body.length } : {}) }, agent, timeout: 20_000 }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => done({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (err) => done({ error: String(err) }));
      });
    } catch (err) {
      return done({ clientRefused: String(err) });
    }
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (err) => done({ error: String(err) }));
    request.end(body);
  });
}

/** Bytes written as they are on a new connection (what Node's client refuses to send). */
function sendRaw(bytes) {
  return new Promise((resolve) => {
    const socket = net.connect(PORT, '127.0.0.1');
    const chunks = [];
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      socket.destroy();
      const all = Buffer.concat(chunks).toString('utf8');
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(all);
      if (!m) return resolve({ error: all ? `resposta ilegível: ${all.slice(0, 80)}` : 'conexão fechada sem resposta' });
      const [head, ...rest] = all.split('\r\n\r\n');
      const headers = {};
      for (const line of head.split('\r\n').slice(1)) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      let text = rest.join('\r\n\r\n');
      if (/chunked/i.test(headers['transfer-encoding'] ?? '')) text = text.replace(/^[0-9a-f]+\r\n/i, '').replace(/\r\n0\r\n\r\n$/, '');
      resolve({ status: Number(m[1]), headers, text });
    };
    socket.setTimeout(10_000, finish);
    socket.on('data', (c) => {
      chunks.push(c);
      // One answer is enough: the request may keep the connection open.
      const all = Buffer.concat(chunks).toString('utf8');
      const i = all.indexOf('\r\n\r\n');
      if (i >= 0) {
        const len = /content-length:\s*(\d+)/i.exec(all.slice(0, i));
        if (len && Buffer.byteLength(all.slice(i + 4)) >= Number(len[1])) finish();
        if (/transfer-encoding:\s*chunked/i.test(all.slice(0, i)) && all.endsWith('0\r\n\r\n')) finish();
      }
    });
    socket.on('end', finish);
    socket.on('error', finish);
    socket.write(bytes);
  });
}

// --- checking answers -------------------------------------------------------------------------------

const failures = [];
const classStats = {};
const failureCounts = Object.fromEntries(Object.keys(FAILURE_LABEL).map((k) => [k, 0]));
let requestCount = 0;

function fail(kind, c, sent, res) {
  failureCounts[kind]++;
  failures.push({ kind, opKey: c.opKey, klass: c.klass, label: c.label, sent, status: res?.status, body: res?.text?.slice(0, 400) ?? res?.error });
}

/** The orders' answer when every order in it is `recusado` (the call's refusal), else undefined. */
function refusedEveryItem(res) {
  let list;
  try {
    list = JSON.parse(res.text).pedidos;
  } catch {}
  return Array.isArray(list) && list.length > 0 && list.every((o) => o?.situacao === 'recusado') ? list : undefined;
}

function check(c, sent, res, invalid) {
  requestCount++;
  const stats = (classStats[c.klass] ??= { sent: 0, s2xx: 0, s4xx: 0, s5xx: 0, other: 0, invalid: 0 });
  stats.sent++;
  if (invalid) stats.invalid++;
  if (res.clientRefused) return; // Node refused to send it: nothing reached the server
  if (res.error || !res.status) return fail('noAnswer', c, sent, res);
  if (res.status >= 500) stats.s5xx++;
  else if (res.status >= 400) stats.s4xx++;
  else if (res.status >= 200 && res.status < 300) stats.s2xx++;
  else stats.other++;
  if (res.status >= 500) fail('status5xx', c, sent, res);
  // The orders call refuses an order by answering it `recusado` with its reasons (ADR 0041).
  if (c.op?.perItem && res.status >= 200 && res.status < 300) {
    const list = refusedEveryItem(res);
    if (list) {
      const messages = list.flatMap((o) => (Array.isArray(o.erros) ? o.erros.map((e) => e?.mensagem) : []));
      if (!messages.length || list.some((o) => !o.erros?.length) || messages.some((m) => typeof m !== 'string' || !m.trim())) fail('noMessage', c, sent, res);
      else if (messages.some((m) => ENGLISH.test(m))) fail('english', c, sent, res);
      return;
    }
  }
  if (res.status >= 400) {
    if (!/^application\/json\b/i.test(res.headers['content-type'] ?? '')) fail('notJson', c, sent, res);
    let body;
    try {
      body = JSON.parse(res.text);
    } catch {
      body = undefined;
    }
    const messages = Array.isArray(body?.errors) ? body.errors.map((e) => e?.message) : [];
    if (!messages.length || typeof messages[0] !== 'string' || !messages[0].trim()) fail('noMessage', c, sent, res);
    else if (messages.some((m) => typeof m !== 'string' || ENGLISH.test(m))) fail('english', c, sent, res);
  }
  if (invalid && res.status >= 200 && res.status < 300) fail('acceptedInvalid', c, sent, res);
}

// --- accounts ------------------------------------------------------------------------------------------

async function login(email, password = DEMO_PASSWORD) {
  const res = await send({ method: 'POST', path: '/api/auth/login', headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify({ email, senha: password })) });
  const token = res.status === 200 ? JSON.parse(res.text).token?.token : undefined;
  if (!token) throw new Error(`login de ${email} falhou: ${res.status} ${res.text ?? res.error}`);
  return token;
}

/** A member made through the API (sign-up, the activation link from the outbox, login). */
async function throwawayMember(db, tag) {
  const n = unique();
  const email = `fuzz-${tag}-${n}@legiao.dev`.toLowerCase();
  const cpf = cpfFrom(n * 7919);
  const signup = { email, senha: DEMO_PASSWORD, cpf, nome: 'Fuzz Descartável', celular: '11987654321', cep: '01310100', dataNascimento: '1990-05-17', genero: 'mulher', optin: false, optinSms: false };
  const res = await send({ method: 'POST', path: '/api/usuario', headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify(signup)) });
  if (res.status !== 201) throw new Error(`cadastro descartável falhou: ${res.status} ${res.text}`);
  const { rows } = await db.query("SELECT texto FROM email_saida WHERE para = $1 ORDER BY criado_em DESC LIMIT 1", [email]);
  const secret = /ativar-conta\?q=([^\s&]+)/.exec(rows[0]?.texto ?? '')?.[1];
  const activation = await send({ method: 'POST', path: '/api/usuario/ativar-conta', headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify({ hash: secret })) });
  if (activation.status !== 200) throw new Error(`ativação descartável falhou: ${activation.status} ${activation.text}`);
  const { rows: ids } = await db.query('SELECT id FROM usuario WHERE email = $1', [email]);
  return { email, cpf, id: ids[0].id, token: await login(email) };
}

// --- the cases -------------------------------------------------------------------------------------------

// Operations that end the caller's own session or account: each runs, last and alone, with an
// account of its own, made again whenever an answer was 2xx.
const SELF_DESTRUCTIVE = new Set(['POST /api/auth/logout', 'DELETE /api/usuario', 'PATCH /api/usuario/nova-senha', 'POST /api/usuario/alterar-email']);
// Operations that change the whole portal or act on the member named in the path: last and alone
// too; the /api/admin/membros/{id} ones act on a throwaway member of their own.
const RUN_LAST = /^(PUT \/api\/admin\/fila$|POST \/api\/admin\/fila\/agendamentos$|PUT \/api\/admin\/equipe\/papeis$|\w+ \/api\/admin\/membros\/\{id\})/;

function operations(doc) {
  const ops = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, spec] of Object.entries(byMethod)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const key = `${method.toUpperCase()} ${path}`;
      if (ONLY && !key.includes(ONLY)) continue;
      const secured = Array.isArray(spec.security) && spec.security.length > 0;
      const adminOnly = path.startsWith('/api/admin/');
      const machine = path.startsWith('/api/integracao/');
      const identity = SELF_DESTRUCTIVE.has(key) ? 'self' : adminOnly ? 'admin' : machine ? 'machine' : secured ? 'member' : 'none';
      // An answer per item (the orders call): 200 with each one's outcome, refusals included.
      const perItem = Boolean(spec.responses?.['200']?.content?.['application/json']?.schema?.properties?.pedidos?.items?.properties?.situacao?.enum?.includes('recusado'));
      const json = spec.requestBody?.content?.['application/json'];
      ops.push({
        key,
        method: method.toUpperCase(),
        template: path,
        params: spec.parameters ?? [],
        requestBody: spec.requestBody,
        bodySchema: json?.schema,
        secured,
        adminOnly,
        machine,
        perItem,
        identity,
        last: SELF_DESTRUCTIVE.has(key) || RUN_LAST.test(key),
        websocket: /\/ws$/.test(path),
      });
    }
  }
  return ops;
}

const NUMBER_VALUES = (s) => {
  const out = [
    [-1, 'number'], [0, 'number'], [2 ** 31, 'number'], [-(2 ** 31) - 1, 'number'], [raw('9007199254740993'), 'number'],
    [1.5, 'number'], [raw('1e400'), 'number'], [raw('-0'), 'number'], [raw('1E2'), 'number'], [raw('1.0'), 'number'],
    ['NaN', 'numberText'], ['1', 'numberText'], ['1e3', 'numberText'],
  ];
  if (typeof s.minimum === 'number') out.push([s.exclusiveMinimum === true ? s.minimum : s.minimum - 1, 'number']);
  if (typeof s.maximum === 'number') out.push([s.exclusiveMaximum === true ? s.maximum : s.maximum + 1, 'number']);
  return out;
};

const CONTROL = ['\u0000', '\u0001', '\u0007', '\u001b', '\u007f'];
const SURROGATES = ['\ud800', '\udfff', 'a\udc00b'];

/** JSON values that break a body field of schema `s`, with their class. */
function bodyValues(s, current) {
  const type = typeOf(s);
  const base = typeof current === 'string' ? current : 'abc';
  const out = [];
  const wrong = [['texto', 'wrongType'], [123, 'wrongType'], [{}, 'wrongType'], [[], 'wrongType'], [null, 'wrongType'], [true, 'wrongType']];
  for (const [v, k] of wrong) {
    const vt = v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? 'number' : typeof v === 'string' ? 'string' : typeof v === 'boolean' ? 'boolean' : 'object';
    if (vt !== type && !(vt === 'number' && type === 'integer')) out.push([v, k]);
  }
  const b = branch(s) ?? {};
  if (type === 'integer' || type === 'number') out.push(...NUMBER_VALUES(b));
  if (type !== 'string' && type !== undefined) out.push(['', 'emptyString'], ['   ', 'emptyString']);
  if (type === 'string' || type === undefined) {
    out.push(['', 'emptyString'], ['   ', 'emptyString']);
    if (typeof b.maxLength === 'number') out.push([base.slice(0, 1).repeat(b.maxLength + 1) || 'a'.repeat(b.maxLength + 1), 'longString'], [' '.repeat(b.maxLength + 1), 'longString'], [`a${' '.repeat(b.maxLength)}`, 'longString']);
    if (typeof b.minLength === 'number' && b.minLength > 1) out.push(['a'.repeat(b.minLength - 1), 'longString']);
    out.push(['a'.repeat(100 * 1024), 'longString']);
    for (const ch of CONTROL) out.push([`${base}${ch}`, 'control']);
    for (const ch of SURROGATES) out.push([`${base}${ch}`, 'surrogate']);
    out.push([raw(Buffer.concat([Buffer.from('"x'), Buffer.from([0xff, 0xfe, 0xc3, 0x28]), Buffer.from('y"')])), 'surrogate']);
    out.push([`${base} ção 😀 ‮`, 'format']);
    if (b.format === 'email' || b.pattern?.includes('@')) out.push(['nao-e-email', 'format'], ['a@b', 'format'], ['a @b.com', 'format']);
    if (b.format === 'date-time') out.push(['2026-13-45T99:99:99Z', 'format'], ['ontem', 'format'], ['2026-01-15', 'format'], ['2026-01-15T10:00:00', 'format']);
    if (b.format === 'date') out.push(['2026-02-31', 'format'], ['15/01/2026', 'format']);
    if (b.format === 'uuid') out.push(['nao-e-uuid', 'format'], ['00000000-0000-0000-0000-00000000000g', 'format'], ['00000000000040008000000000000000', 'format']);
    if (b.pattern) out.push(['!!! ???', 'format'], [raw('TRAILING_NL'), 'format'], [raw('LEADING_SPACE'), 'format']);
  }
  if (Array.isArray(b.enum)) out.push(['valor-que-nao-existe', 'enum'], [String(b.enum.find((v) => v !== null)).toUpperCase() + 'X', 'enum']);
  if (type === 'boolean') out.push(['true', 'wrongType'], [1, 'wrongType'], [0, 'wrongType']);
  if (type === 'array') {
    out.push([[], 'array'], [[null], 'array'], [[123], 'array'], [['texto'], 'array']);
    if (typeof b.maxItems === 'number') out.push([Array.from({ length: b.maxItems + 1 }, () => clone(Array.isArray(current) && current.length ? current[0] : 'a')), 'array']);
  }
  if (type === 'object') out.push([{ unknownField: 1 }, 'extra']);
  return out;
}

/** Wire texts (already percent-encoded) that break a parameter of schema `s`; `decoded` null = undecodable. */
function paramValues(s, current, inPath) {
  const type = typeOf(s);
  const b = branch(s) ?? {};
  const base = current ?? 'abc';
  const t = (text, klass) => ({ wire: encode(text), decoded: text, klass });
  const w = (wire, decoded, klass) => ({ wire, decoded, klass });
  const out = [];
  if (!inPath) out.push(t('', 'emptyString'));
  if (type === 'integer' || type === 'number') {
    for (const v of [' 1', '1 ', '+1', '1.5', '1e3', '0x10', 'NaN', 'Infinity', 'abc', '١', '-0']) out.push(t(v, 'numberText'));
    for (const v of ['-1', '0', '2147483648', '-2147483649', '9007199254740993', '99999999999999999999999']) out.push(t(v, 'number'));
    if (typeof b.minimum === 'number') out.push(t(String(b.exclusiveMinimum === true ? b.minimum : b.minimum - 1), 'number'));
    if (typeof b.maximum === 'number') out.push(t(String(b.exclusiveMaximum === true ? b.maximum : b.maximum + 1), 'number'));
  }
  if (type === 'boolean') for (const v of ['1', 'TRUE', 'sim', 'truex']) out.push(t(v, 'wrongType'));
  if (Array.isArray(b.enum)) out.push(t('valor-que-nao-existe', 'enum'), t(`${String(b.enum.find((v) => v !== null)).toUpperCase()}X`, 'enum'));
  if (type === 'string' || type === undefined) {
    out.push(t('   ', 'emptyString'));
    if (typeof b.maxLength === 'number') out.push(t('a'.repeat(b.maxLength + 1), 'longString'), t(' '.repeat(b.maxLength + 1), 'longString'));
    out.push(t('a'.repeat(4000), 'longString'));
    if (b.format === 'uuid') out.push(t('nao-e-uuid', 'format'), t('00000000-0000-0000-0000-00000000000g', 'format'));
    if (b.format === 'date-time') out.push(t('2026-13-45T99:99:99Z', 'format'), t('ontem', 'format'));
    if (b.pattern) out.push(t('!!! ???', 'format'));
    out.push(t(`${base} ção 😀`, 'format'));
  }
  for (const ch of CONTROL) out.push(t(`${base}${ch}`, 'control'));
  // Percent-encoded UTF-16 surrogates (CESU-8) and bytes that are not UTF-8: not decodable.
  out.push(w(`${encode(base)}%ED%A0%80`, null, 'surrogate'), w(`${encode(base)}%FF%FE`, null, 'surrogate'), w(`${encode(base)}%C3%28`, null, 'surrogate'));
  out.push(w(`${encode(base)}%ZZ`, null, 'percent'), w(`${encode(base)}%`, null, 'percent'), w(`${encode(base)}%E2%82`, null, 'percent'), w(`%${encode(base)}`, null, 'percent'));
  return out;
}

/** Every field of a body schema, depth first: [path, schema, required]. */
function bodyFields(schema, path = [], depth = 0, out = []) {
  const s = branch(schema) ?? {};
  if (depth > 3) return out;
  if (s.type === 'object') {
    const required = new Set(s.required ?? []);
    for (const [k, v] of Object.entries(s.properties ?? {})) {
      out.push([[...path, k], v, required.has(k)]);
      bodyFields(v, [...path, k], depth + 1, out);
    }
  } else if (s.type === 'array' && s.items) {
    if (typeOf(s.items) !== 'object') out.push([[...path, 0], s.items, 'item']);
    bodyFields(s.items, [...path, 0], depth + 1, out);
  }
  return out;
}

const limit = (list) => (list.length <= CASES_PER_FIELD ? list : list.filter((_, i) => i % Math.ceil(list.length / CASES_PER_FIELD) === 0));
const RAW_LABELS = { TRAILING_NL: '<valor válido>\\n', LEADING_SPACE: '"  <valor válido>"' };
const show = (v) => {
  const s = v instanceof Raw ? (Buffer.isBuffer(v.text) ? `<bytes ${v.text.toString('hex')}>` : RAW_LABELS[v.text] ?? v.text) : JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 60)}…(${s.length} caracteres)` : s;
};

function casesFor(op) {
  const cases = [];
  const add = (klass, label, mutate, extra = {}) => cases.push({ op, opKey: op.key, klass, label, mutate, ...extra });

  for (const p of op.params) {
    const where = p.in === 'path' ? `{${p.name}}` : p.in === 'query' ? `?${p.name}` : `cabeçalho ${p.name}`;
    if (isUntyped(p.schema)) untyped.push(`${op.key} ${where}`);
    for (const v of limit(paramValues(p.schema, undefined, p.in === 'path'))) {
      add(v.klass, `${where} = ${v.wire.length > 60 ? `${v.wire.slice(0, 50)}…(${v.wire.length})` : v.wire}`, (req) => {
        if (p.in === 'path') {
          req.path[p.name] = v.decoded ?? '';
          req.rawPath[p.name] = v.wire;
        } else if (p.in === 'query') {
          req.query = req.query.filter(([k]) => k !== p.name);
          if (v.decoded === null) req.rawQuery = `${p.name}=${v.wire}`;
          else req.query.push([p.name, v.decoded]);
        } else {
          if (!/^[\t\x20-\x7e]*$/.test(v.decoded ?? '\u0000')) return false; // Node won't send it; the raw cases cover it
          req.headers[p.name] = v.decoded;
        }
        if (v.decoded === null) req.forcedInvalid = true;
      });
    }
    if (p.in === 'query') {
      add('duplicate', `?${p.name} repetido`, (req) => {
        const current = req.query.find(([k]) => k === p.name)?.[1] ?? String(sample(p.schema, p.name, {}));
        req.query = req.query.filter(([k]) => k !== p.name);
        req.query.push([p.name, current], [p.name, current]);
      });
      if (p.required) add('missing', `?${p.name} ausente`, (req) => void (req.query = req.query.filter(([k]) => k !== p.name)));
    }
    if (p.in === 'header' && p.required) add('missing', `cabeçalho ${p.name} ausente`, (req) => void delete req.headers[p.name]);
  }

  if (op.bodySchema) {
    for (const [path, schema, required] of bodyFields(op.bodySchema)) {
      const name = path.join('.');
      if (isUntyped(schema)) untyped.push(`${op.key} body.${name}`);
      for (const [value, klass] of limit(bodyValues(schema, undefined))) {
        add(klass, `body.${name} = ${show(value)}`, (req) => {
          const current = getAt(req.body.json, path) ?? getAt(req.full, path);
          let v = typeof value === 'string' && typeof current === 'string' && (klass === 'control' || klass === 'surrogate') ? current + value.slice(3) : value;
          // Whitespace around a value that fits the pattern (a trimmed field's pattern allows it).
          if (value instanceof Raw && value.text === 'TRAILING_NL') v = `${current ?? 'abc'}\n`;
          if (value instanceof Raw && value.text === 'LEADING_SPACE') v = `  ${current ?? 'abc'}`;
          setAt(req.body.json, path, clone(v), req.full);
        });
      }
      if (required === true) add('missing', `body.${name} ausente`, (req) => void deleteAt(req.body.json, path));
      if (required === false) add('missing', `body.${name} ausente (opcional)`, (req) => void deleteAt(req.body.json, path));
    }
    add('extra', 'body com campo desconhecido', (req) => void (req.body.json.unknownField = 'x'));
    add('missing', 'body {}', (req) => void (req.body = { json: {} }));
    for (const v of ['"texto"', '123', '[]', 'null', 'true', '[{}]', '-1e400']) add('wholeBody', `body = ${v}`, (req) => void (req.body = { text: v }));
    for (const v of ['{"a":', '{bad json}', "{'a':1}", 'undefined', '\uFEFF{}', '{"a":1}{"b":2}', '['.repeat(50_000), '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}']) {
      add('notJson', `body = ${show(v)}`, (req) => void (req.body = { text: v }));
    }
    add('notJson', 'body com bytes que não são UTF-8', (req) => void (req.body = { text: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]) }));
    add('notJson', 'corpo vazio com application/json', (req) => void (req.body = undefined), { keepContentType: true });
    add('notJson', 'sem corpo e sem content-type', (req) => void ((req.body = undefined), (req.contentType = undefined)));
    for (const ct of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json-patch+json', 'application/json; charset=utf-16', '']) {
      add('contentType', `content-type: ${ct || '(nenhum)'} com corpo JSON`, (req) => void (req.contentType = ct || undefined));
    }
    add('bigBody', 'corpo de 1 MB', (req) => void (req.body = { text: `{"x":"${'a'.repeat(1024 * 1024)}"}` }));
  } else if (!op.websocket && op.method !== 'GET') {
    // No body documented: one is sent anyway and must not break anything.
    add('wholeBody', 'corpo JSON onde nenhum é documentado', (req) => void ((req.body = { text: '{"x":1}' }), (req.contentType = 'application/json')));
    add('notJson', 'JSON malformado onde nenhum corpo é documentado', (req) => void ((req.body = { text: '{bad' }), (req.contentType = 'application/json')));
  }

  if (op.secured) {
    add('noToken', 'sem Authorization', (req) => void (req.identity = 'none'));
    for (const [label, token] of [
      ['Bearer lixo', 'Bearer lixo'],
      ['Bearer vazio', 'Bearer '],
      ['Basic', 'Basic YWRtaW46YWRtaW4='],
      ['assinado com outro segredo', `Bearer ${foreignToken}`],
      ['expirado', `Bearer ${expiredToken}`],
      ['alg none', `Bearer ${noneToken}`],
      ['8 KB', `Bearer ${'a'.repeat(8 * 1024)}`],
    ]) {
      add('badToken', `token: ${label}`, (req) => void (req.identity = `raw:${token}`));
    }
  }
  if (op.adminOnly) add('memberToken', 'token do membro', (req) => void (req.identity = 'member'));
  if (op.machine) {
    add('sessionOnMachine', 'token do membro em vez da chave', (req) => void (req.identity = 'member'));
    add('sessionOnMachine', 'token de administrador em vez da chave', (req) => void (req.identity = 'admin'));
  } else if (op.secured) add('machineKey', 'chave de integração (todas as permissões)', (req) => void (req.identity = 'machine'));
  add('header', 'cabeçalho de 8 KB', (req) => void (req.headers['x-fuzz'] = 'a'.repeat(8 * 1024)));
  add('baseline', `pedido válido${op.bodyMode === 'required' ? ' (só campos obrigatórios)' : ''}`, () => {}, { baseline: true });
  return cases;
}

const foreignToken = createSigner({ key: 'outro-segredo-qualquer-0123456789-abcdefghijkl' })({ sub: '00000000-0000-4000-8000-000000000000', sid: '00000000-0000-4000-8000-000000000000' });
const expiredToken = createSigner({ key: DEV_JWT_SECRET, expiresIn: 1000, clockTimestamp: Date.now() - 3_600_000 })({ sub: '00000000-0000-4000-8000-000000000000', sid: '00000000-0000-4000-8000-000000000000' });
const noneToken = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"x","sid":"y"}').toString('base64url')}.`;
const untyped = [];
/** Reference requests (valid by the document) the server refused: information, not failures (rules the document can't state). */
const refusedBaselines = [];

// --- running a case ---------------------------------------------------------------------------------

function buildHttp(op, req, c, ctx) {
  let path = op.template.replace(/\{(\w+)\}/g, (_, name) => req.rawPath[name] ?? encode(req.path[name] ?? ''));
  const query = req.query.map(([k, v]) => `${encode(k)}=${encode(v)}`);
  if (req.rawQuery) query.push(req.rawQuery);
  if (query.length) path += `?${query.join('&')}`;
  const headers = { ...req.headers };
  const identity = req.identity;
  if (identity.startsWith('raw:')) headers.authorization = identity.slice(4);
  else if (identity !== 'none') headers.authorization = `Bearer ${ctx.tokenFor(identity, op)}`;
  let body;
  if (req.body !== undefined) body = req.body.json !== undefined ? serialize(req.body.json) : Buffer.isBuffer(req.body.text) ? req.body.text : Buffer.from(req.body.text);
  if ((body || c.keepContentType) && req.contentType) headers['content-type'] = req.contentType;
  return { method: op.method, path, headers, body };
}

async function runCase(c, ctx) {
  const { op } = c;
  if (op.identity === 'self') await ctx.ensureSelf(op);
  const req = baseRequest(op, ctx);
  if (c.mutate(req) === false) return;
  const invalid = declaredInvalid(op, req);
  const httpReq = buildHttp(op, req, c, ctx);
  const res = await send(httpReq);
  const sent = `${httpReq.method} ${httpReq.path.length > 160 ? `${httpReq.path.slice(0, 150)}…(${httpReq.path.length})` : httpReq.path}${httpReq.body ? ` corpo ${show(httpReq.body.length > 300 ? `${httpReq.body.subarray(0, 120).toString('utf8')}…(${httpReq.body.length} bytes)` : httpReq.body.toString('utf8'))}` : ''}`;
  check(c, sent, res, invalid);
  if (c.baseline && (!(res.status >= 200 && res.status < 300) || (op.perItem && refusedEveryItem(res)))) refusedBaselines.push(`${op.key}: ${res.status} ${(res.text ?? res.error ?? '').slice(0, 160)}`);
  if (op.identity === 'self' && res.status >= 200 && res.status < 300) ctx.selfDead(op);
  if (op.key.includes('/anonimizar') && res.status >= 200 && res.status < 300) await ctx.targetDead(op);
}

/** Requests below the router and across operations: HTTP itself, paths, methods, headers. */
async function protocolCases(ctx) {
  const c = (label) => ({ opKey: '(protocolo)', klass: 'protocol', label });
  const h = (label) => ({ opKey: '(protocolo)', klass: 'header', label });
  const member = ctx.tokenFor('member');
  const rawCases = [
    [h('cabeçalho de 20 KB'), `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Fuzz: ${'a'.repeat(20 * 1024)}\r\n\r\n`, false],
    [h('300 cabeçalhos'), `GET /api/health HTTP/1.1\r\nHost: x\r\n${Array.from({ length: 300 }, (_, i) => `X-F${i}: a`).join('\r\n')}\r\n\r\n`, false],
    [h('Authorization de 20 KB'), `GET /api/usuario/logged HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${'a'.repeat(20 * 1024)}\r\n\r\n`, true],
    [h('NUL num cabeçalho'), 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-Fuzz: a\u0000b\r\n\r\n', true],
    [h('NUL no token'), `GET /api/usuario/logged HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${member}\u0000\r\n\r\n`, true],
    [h('byte 0xFF no Authorization'), Buffer.concat([Buffer.from('GET /api/usuario/logged HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer '), Buffer.from([0xff, 0xfe]), Buffer.from('\r\n\r\n')]), true],
    [h('Idempotency-Key com controle'), `POST /api/beneficio/resgate HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${member}\r\nIdempotency-Key: abcdefgh\u0001ij\r\nContent-Type: application/json\r\nContent-Length: 16\r\n\r\n{"idBeneficio":1}`, true],
    [h('cabeçalho sem dois-pontos'), 'GET /api/health HTTP/1.1\r\nHost: x\r\nsem-dois-pontos\r\n\r\n', true],
    [h('Content-Length e Transfer-Encoding juntos'), 'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', true],
    [h('Content-Length inválido'), 'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}', true],
    [h('chunked malformado'), 'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n', true],
    [c('URL de 20 KB'), `GET /api/produto/busca?q=${'a'.repeat(20 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`, false],
    [c('método inventado'), 'FUZZ /api/health HTTP/1.1\r\nHost: x\r\n\r\n', true],
    [c('CONNECT (túnel de proxy)'), 'CONNECT 127.0.0.1:80 HTTP/1.1\r\nHost: 127.0.0.1:80\r\n\r\n', true],
    [c('linha de pedido quebrada'), 'GET\r\n\r\n', true],
    [c('HTTP/1.0 sem Host'), 'GET /api/health HTTP/1.0\r\n\r\n', false],
    [c('URL absoluta'), 'GET http://outro.host/api/health HTTP/1.1\r\nHost: x\r\n\r\n', false],
    [c('espaço cru no caminho'), 'GET /api/produto/a b HTTP/1.1\r\nHost: x\r\n\r\n', true],
    [c('bytes não ASCII crus no caminho'), Buffer.concat([Buffer.from('GET /api/produto/'), Buffer.from([0xc3, 0xa7, 0xff]), Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n')]), true],
  ];
  for (const [meta, bytes, invalid] of rawCases) {
    if (Date.now() > deadline) return;
    const res = await sendRaw(bytes);
    check(meta, typeof bytes === 'string' ? show(bytes.length > 200 ? `${bytes.slice(0, 120)}…(${bytes.length})` : bytes) : '<bytes>', res, invalid);
  }
  const paths = ['/api/%', '/api/%ZZ', '/api/produto/%ED%A0%80', '/api/produto/%00', '/api/produto/%2F..%2F..%2Fetc%2Fpasswd', '/api/../api/health', '//api//health', '/api/produto/1;x=1', `/api/produto/${'9'.repeat(3000)}`, '/api/nao-existe', '/api/admin/nao-existe', '/api/produto?page=1&page', '/api/produto?&&&=&=', '/api/produto?%00=1', '/api/produto?page%ZZ=1', '/api?' + 'a=1&'.repeat(2000)];
  for (const path of paths) {
    if (Date.now() > deadline) return;
    check(c(`GET ${path.slice(0, 60)}`), `GET ${path.slice(0, 120)}`, await send({ method: 'GET', path }), false);
  }
  for (const method of ['PROPFIND', 'TRACE', 'OPTIONS', 'PATCH', 'DELETE']) {
    if (Date.now() > deadline) return;
    check(c(`${method} /api/health`), `${method} /api/health`, await send({ method, path: '/api/health' }), false);
  }
  check(c('OPTIONS com Origin e método'), 'OPTIONS /api/health (preflight)', await send({ method: 'OPTIONS', path: '/api/health', headers: { origin: 'http://mal.example', 'access-control-request-method': 'POST' } }), false);
}

// --- setup: database, fake postal-code service, API ------------------------------------------------------

async function resetDatabase() {
  const admin = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
  await admin.end();
}

function fakeCep() {
  const server = http.createServer((req, res) => {
    const cep = /\/ws\/(\d+)\/json/.exec(req.url ?? '')?.[1];
    res.setHeader('content-type', 'application/json');
    if (cep === '01310100') return res.end(JSON.stringify({ cep: '01310-100', logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' }));
    res.end(JSON.stringify({ erro: true }));
  });
  return new Promise((resolve) => server.listen(CEP_PORT, '127.0.0.1', () => resolve(server)));
}

async function startApi() {
  if (!process.env.FUZZ_API_DIST) assertApiBuilt();
  const log = createWriteStream(API_LOG);
  const child = spawn(process.execPath, [API_DIST_USED], {
    cwd: dirname(dirname(API_DIST_USED)),
    env: {
      // Memory stores (no REDIS_URL from the caller's environment): the run leaves nothing behind.
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'REDIS_URL')),
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: `${PG_BASE}/${DB_NAME}`,
      JWT_SECRET: DEV_JWT_SECRET,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      BCRYPT_COST: '4',
      RATE_LIMIT_AUTH_MAX: '100000000',
      RATE_LIMIT_LOGIN_IP_MAX: '100000000',
      CEP_PROVIDER_URL: `http://127.0.0.1:${CEP_PORT}/ws/{cep}/json/`,
      // Load shedding answers 503 on a busy machine: it is not what the fuzzer looks for.
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      OVERLOAD_MAX_HEAP_USED_MB: '0',
      FILA_AGENDAMENTOS: 'false',
      IMAGES_DIR: mkdtempSync(join(tmpdir(), 'legiao-fuzz-imagens-')),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise((_, reject) => child.once('exit', (code) => reject(new Error(`a API parou ao iniciar (código ${code}); veja ${API_LOG}`))));
  await Promise.race([waitFor(`${BASE}/api/ready`, 120_000), exited]);
  return { child, stop: () => new Promise((r) => (child.exitCode !== null ? r() : (child.once('exit', r), child.kill('SIGTERM')))) };
}

/** The first value under `key` anywhere in a JSON answer that the parameter's schema accepts. */
function findValue(json, key, schema, depth = 0) {
  if (!json || typeof json !== 'object' || depth > 6) return undefined;
  if (!Array.isArray(json) && key in json && json[key] != null) {
    const text = String(json[key]);
    const v = fromWire(text, schema);
    if (v !== INVALID && validates(schema, v)) return text;
  }
  for (const v of Object.values(json)) {
    const found = findValue(v, key, schema, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Real ids for path parameters, so a value the server wrongly accepts reaches a real row: read from
 * the documented GET just above the parameter (GET /api/admin/faq for /api/admin/faq/{id}), else
 * from a GET ending in the same word (GET /api/admin/pesquisas/{id}/perguntas for
 * /api/admin/pesquisas/perguntas/{id}), else from the nearest GET further up.
 */
async function discoverPathValues(ops, ctx) {
  const gets = ops.filter((o) => o.method === 'GET');
  const cache = new Map();
  const getJson = async (path, identity) => {
    const key = `${identity} ${path}`;
    if (!cache.has(key)) {
      const headers = identity === 'none' ? {} : { authorization: `Bearer ${ctx.tokenFor(identity)}` };
      const res = await send({ method: 'GET', path, headers });
      cache.set(key, res.status === 200 && /json/.test(res.headers['content-type'] ?? '') ? JSON.parse(res.text) : undefined);
    }
    return cache.get(key);
  };
  // A GET's path with its parameters filled from what was found, or undefined.
  const filled = (g) => {
    let missing = false;
    const path = g.template.replace(/\{(\w+)\}/g, (_, n) => g.pathValues?.[n] ?? ((missing = true), ''));
    return missing ? undefined : path;
  };
  const lookup = async (g, op, p) => {
    const path = filled(g);
    if (!path) return undefined;
    const json = await getJson(path, g.machine ? 'machine' : g.adminOnly ? 'admin' : g.secured ? 'member' : 'none');
    return findValue(json, p.name, p.schema) ?? (p.name === 'id' ? undefined : findValue(json, 'id', p.schema));
  };
  for (let pass = 0; pass < 3; pass++) {
    for (const op of ops) {
      op.pathValues ??= {};
      if (op.template === '/api/cep/{cep}') op.pathValues.cep = '01310100';
      for (const p of op.params.filter((x) => x.in === 'path')) {
        if (op.pathValues[p.name] !== undefined) continue;
        if (op.template.startsWith('/api/admin/membros/{id}') && p.name === 'id') continue; // a throwaway target
        const before = op.template.slice(0, op.template.indexOf(`{${p.name}}`)).replace(/\/$/, '');
        const word = before.slice(before.lastIndexOf('/') + 1);
        const parentOf = (g) => g.template === before.replace(/\{(\w+)\}/g, '{$1}');
        const candidates = [
          ...gets.filter(parentOf),
          ...gets.filter((g) => g !== op && g.template.endsWith(`/${word}`) && !parentOf(g)),
        ];
        for (let up = before.slice(0, before.lastIndexOf('/')); up.length > '/api'.length; up = up.slice(0, up.lastIndexOf('/'))) candidates.push(...gets.filter((g) => g.template === up));
        for (const g of candidates) {
          const found = await lookup(g, op, p);
          if (found !== undefined) {
            op.pathValues[p.name] = found;
            break;
          }
        }
      }
    }
  }
}

// --- main -----------------------------------------------------------------------------------------------

async function main() {
  console.log(`fuzzer de contrato: API compilada em ${PORT}, banco ${DB_NAME} (novo), até ${MAX_SECONDS}s, ${CONCURRENCY} pedidos em paralelo; saída da API em ${API_LOG}`);
  await resetDatabase();
  const cep = await fakeCep();
  const api = await startApi();
  const db = new pg.Client({ connectionString: `${PG_BASE}/${DB_NAME}` });
  await db.connect();
  try {
    const docRes = await send({ method: 'GET', path: '/api/docs/json' });
    const doc = JSON.parse(docRes.text);
    const ops = operations(doc);

    const tokens = { admin: await login('admin@legiao.dev'), member: await login('membro@legiao.dev') };
    // The integration's calls take a machine key: one with every scope, made as the back office makes it.
    const created = await send({
      method: 'POST',
      path: '/api/admin/integracoes',
      headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ nome: 'Fuzzer', escopos: ['pedidos:enviar', 'cupons:usar', 'membros:ler'], limitePorMinuto: 100_000 })),
    });
    tokens.machine = created.status === 201 ? JSON.parse(created.text).chave : undefined;
    if (!tokens.machine) throw new Error(`chave de integração: ${created.status} ${created.text ?? created.error}`);
    // The back office's calls on one client (edit, rotate, revoke a key, revoke) act on another one:
    // on the fuzzer's own they would revoke the key the integration's calls are fuzzed with.
    const spare = await send({
      method: 'POST',
      path: '/api/admin/integracoes',
      headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ nome: 'Alvo do fuzzer', escopos: ['membros:ler'] })),
    });
    if (spare.status !== 201) throw new Error(`cliente alvo: ${spare.status} ${spare.text ?? spare.error}`);
    const spareClient = JSON.parse(spare.text).cliente;
    const spareIds = { id: spareClient.id, chaveId: spareClient.chaves[0]?.id };
    const { rows: catalogue } = await db.query('SELECT sku FROM produto WHERE ativo ORDER BY id LIMIT 1');
    const target = await throwawayMember(db, 'alvo');
    const selves = new Map();
    const targets = new Map();
    const ctx = {
      targetEmail: target.email,
      targetCpf: target.cpf,
      tokenFor(identity, op) {
        if (identity === 'self') return selves.get(op.key).token;
        return tokens[identity];
      },
      async ensureSelf(op) {
        if (!selves.get(op.key)?.token) selves.set(op.key, await throwawayMember(db, 'self'));
      },
      selfDead(op) {
        selves.delete(op.key);
      },
      async targetDead(op) {
        targets.set(op.key, await throwawayMember(db, 'alvo'));
      },
    };
    // Each /api/admin/membros/{id} operation acts on a member of its own (blocked, anonymised, ...).
    for (const op of ops.filter((o) => o.template.startsWith('/api/admin/membros/{id}'))) targets.set(op.key, await throwawayMember(db, 'alvo'));
    await discoverPathValues(ops, ctx);
    for (const op of ops) {
      op.pathValue = (name) => (name === 'id' && targets.has(op.key) ? targets.get(op.key).id : op.pathValues?.[name]);
      if (op.template.startsWith('/api/admin/integracoes/{id}')) op.pathValue = (name) => spareIds[name] ?? op.pathValues?.[name];
      // Self-destructive operations act on the caller: their e-mail fields name the caller.
      if (op.identity === 'self') op.bodyValue = (c) => (op.bodySchema ? sample(op.bodySchema, '', { ...c, targetEmail: `fuzz-novo-${unique()}@legiao.dev` }) : undefined);
      // The store's orders: a SKU of the catalogue and a past day (the target member buys).
      if (op.machine && op.bodySchema) op.bodyValue = (c) => sample(op.bodySchema, '', { ...c, sku: catalogue[0]?.sku, orderDay: '2025-01-15' });
    }

    let sentOrderId;
    // The reference request the server takes, for operations safe to call twice: every field, or
    // only the required ones (a field that only some cases allow, like a launch banner's tabs).
    for (const op of ops.filter((o) => o.bodySchema && !o.last && o.method !== 'DELETE')) {
      let chosen = 'all';
      for (const mode of ['all', 'required']) {
        op.bodyMode = mode;
        const req = baseRequest(op, ctx);
        const res = await send(buildHttp(op, req, {}, ctx));
        if (op.perItem && res.status === 200 && JSON.parse(res.text).pedidos?.[0]?.situacao === 'aplicado') sentOrderId ??= req.body.json.pedidos[0].pedido;
        if (res.status >= 200 && res.status < 300) {
          chosen = mode;
          break;
        }
      }
      op.bodyMode = chosen;
    }
    // GET /api/integracao/v1/pedidos/{pedido} reads an order the reference request sent.
    if (sentOrderId) for (const op of ops.filter((o) => o.machine && o.method === 'GET' && o.params.some((p) => p.in === 'path' && p.name === 'pedido'))) op.pathValues.pedido = sentOrderId;
    const unresolved = ops.flatMap((o) => o.params.filter((p) => p.in === 'path' && !p.schema?.enum && o.pathValue(p.name) === undefined).map((p) => `${o.key} {${p.name}}`));
    if (unresolved.length) console.log(`parâmetros de caminho sem valor real (usa um valor de exemplo): ${unresolved.join(', ')}`);
    const all = ops.flatMap(casesFor);
    const byPhase = [
      all.filter((c) => !c.op.last && !c.baseline),
      all.filter((c) => !c.op.last && c.baseline && c.op.method !== 'DELETE'),
      all.filter((c) => !c.op.last && c.baseline && c.op.method === 'DELETE'),
    ];
    // Last, one at a time: the caller's own account first (they log in again), then the members acted
    // on, then what changes the whole portal (the waiting room would hold every later login).
    const lastRank = (op) => (op.identity === 'self' ? 0 : op.template.startsWith('/api/admin/membros/') ? 1 : 2);
    const lastCases = all.filter((c) => c.op.last).sort((a, b) => lastRank(a.op) - lastRank(b.op));
    console.log(`documento: ${ops.length} operações; ${all.length} casos gerados`);

    await protocolCases(ctx);
    let skipped = 0;
    for (const phase of byPhase) {
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < phase.length) {
            const c = phase[next++];
            if (Date.now() > deadline) {
              skipped++;
              continue;
            }
            await runCase(c, ctx);
          }
        }),
      );
    }
    for (const c of lastCases) {
      if (Date.now() > deadline) {
        skipped++;
        continue;
      }
      await runCase(c, ctx);
    }
    for (const where of untyped) failures.push({ kind: 'untypedSchema', opKey: where, label: 'schema {}: o documento aceita qualquer valor' }), failureCounts.untypedSchema++;

    report(ops, skipped);
  } finally {
    await db.end();
    await api.stop();
    cep.close();
    agent.destroy();
  }
}

function report(ops, skipped) {
  const seconds = (Date.now() - started) / 1000;
  console.log(`\n${ops.length} operações, ${requestCount} pedidos em ${seconds.toFixed(0)} s${skipped ? `; ${skipped} casos não enviados (MAX_SECONDS)` : ''}`);
  console.log('\nclasse                                              enviados  inválidos   2xx    4xx    5xx  outros');
  for (const [klass, s] of Object.entries(classStats).sort()) {
    console.log(`${(CLASS_LABEL[klass] ?? klass).padEnd(50)} ${String(s.sent).padStart(9)} ${String(s.invalid).padStart(10)} ${String(s.s2xx).padStart(5)} ${String(s.s4xx).padStart(6)} ${String(s.s5xx).padStart(6)} ${String(s.other).padStart(7)}`);
  }
  if (refusedBaselines.length) {
    console.log(`\npedidos de referência recusados (${refusedBaselines.length}; válidos para o documento, recusados por regras que ele não diz ou por dados de exemplo):`);
    for (const line of refusedBaselines.sort()) console.log(`  ${line}`);
  }
  console.log('\nachados por tipo:');
  for (const [kind, n] of Object.entries(failureCounts)) console.log(`  ${FAILURE_LABEL[kind].padEnd(62)} ${n}`);
  if (failures.length) {
    console.log('\nachados:');
    for (const f of failures) console.log(`- [${FAILURE_LABEL[f.kind]}] ${f.opKey} · ${CLASS_LABEL[f.klass] ?? ''} · ${f.label}${f.sent ? `\n    enviado: ${f.sent}` : ''}${f.status !== undefined || f.body ? `\n    resposta: ${f.status ?? '-'} ${f.body ?? ''}` : ''}`);
  }
  if (process.env.FUZZ_JSON) writeFileSync(process.env.FUZZ_JSON, JSON.stringify({ failures, classStats, failureCounts, requests: requestCount, operations: ops.length }, null, 2));
  console.log(`\n${failures.length ? `${failures.length} achado(s)` : 'nenhum achado'}`);
  process.exitCode = failures.length ? 1 : 0;
}

await main();
