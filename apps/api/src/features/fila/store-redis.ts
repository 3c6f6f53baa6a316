import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { MSG_WAITING_ROOM } from '@legiao/contracts';
import { AppError } from '../../errors/app-error.js';
import { createRedis, isRedisUnavailable } from '../../lib/redis.js';
import { AUTO_READING_VALID_MS, AUTO_SWITCHES_KEPT, type AutoState, type AutoReading, type AutoLimites, type AutoSwap, type Admission, type Closing, type LaunchHold, type WaitingRoomEvent, type WaitingRoomSettings, type WaitingRoomStats, type JoinResult, type QueueStore, type StoreOptions } from './fila.types.js';

/**
 * The queue shared by every API process (REDIS_URL set). Every change is one Lua script, so
 * join, admit, leave and expire are atomic across processes; each script publishes what it did
 * on one channel and every process tells its own sockets. Keys share the `{fila}` hash tag of the
 * default prefix, so the scripts also run on a Redis Cluster.
 *
 *   seq        arrival counter                 aguardando  zset clientId -> arrival seq
 *   adm        admission counter (ticket jti)  admitidos   zset clientId -> admitted at
 *   atividade  zset clientId -> last activity  entrada     hash clientId -> joined at (waiting)
 *   jti        hash clientId -> unused ticket  admissoes   zset jti -> time (last minute)
 *   balde      hash tokens, ts (token bucket)  config      hash operators' overrides
 *   auto       hash the automatic room: ligada, motivo, desde, quenteEm (last reading over a
 *              limit), vistoEm (last report: a hold nobody confirms lapses)
 *   leituras   hash process -> "delay pool at"    trocas  list of the automatic room's switches
 *   epoca      a random id set once: another one after a reconnect means Redis lost everything
 *   lancamento hash id, nome, ate: a launch's opening sends every login through the line until ate
 */
const KEY_NAMES = ['seq', 'adm', 'aguardando', 'admitidos', 'atividade', 'entrada', 'jti', 'admissoes', 'balde', 'config', 'auto', 'leituras', 'trocas', 'epoca', 'lancamento'] as const;

// ARGV: 1 channel, 2 now, 3 default capacity, 4 default rate, 5 idle ms, 6.. script's own.
const PRELUDE = /* lua */ `
local K_SEQ, K_ADM, K_AGU, K_ADMIT, K_ATIV, K_ENT, K_JTI, K_ADMS, K_BALDE, K_CFG = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7], KEYS[8], KEYS[9], KEYS[10]
local K_AUTO, K_LEIT, K_TROCAS, K_EPOCA, K_LANC = KEYS[11], KEYS[12], KEYS[13], KEYS[14], KEYS[15]
local CANAL = ARGV[1]
local NOW = tonumber(ARGV[2])
local DEF_CAP = tonumber(ARGV[3])
local DEF_RATE = tonumber(ARGV[4])
local IDLE = tonumber(ARGV[5])

local VALIDA = ${AUTO_READING_VALID_MS}

-- The automatic room holds admissions; a hold no process has confirmed lately lapses.
local function auto_holds()
  local a = redis.call('HMGET', K_AUTO, 'ligada', 'vistoEm')
  return a[1] == '1' and (tonumber(a[2]) or 0) >= NOW - VALIDA
end

-- A launch's opening sends every login through the line until its time (it lapses by itself).
local function launch_holds()
  return (tonumber(redis.call('HGET', K_LANC, 'ate')) or 0) > NOW
end

-- capacity, rate, held (by staff or by the automatic room), paused by staff
local function settings()
  local v = redis.call('HMGET', K_CFG, 'capacidade', 'admissoesPorMinuto', 'pausada')
  local paused = v[3] == '1'
  return tonumber(v[1]) or DEF_CAP, tonumber(v[2]) or DEF_RATE, paused or auto_holds(), paused
end

local function take_tokens(rate, wanted)
  local cap = math.max(1, math.ceil(rate / 60))
  local b = redis.call('HMGET', K_BALDE, 'tokens', 'ts')
  local tokens, ts = tonumber(b[1]), tonumber(b[2])
  if not tokens or not ts then tokens, ts = cap, NOW end
  if NOW > ts then tokens = tokens + (NOW - ts) * rate / 60000; ts = NOW end
  if tokens > cap then tokens = cap end
  local n = math.min(wanted, math.floor(tokens))
  if n < 0 then n = 0 end
  redis.call('HSET', K_BALDE, 'tokens', string.format('%.6f', tokens - n), 'ts', string.format('%d', ts))
  return n
end

local function admit_one(cid, out)
  local j = tostring(redis.call('INCR', K_ADM))
  redis.call('ZREM', K_AGU, cid)
  redis.call('HDEL', K_ENT, cid)
  redis.call('ZADD', K_ADMIT, NOW, cid)
  redis.call('ZADD', K_ATIV, NOW, cid)
  redis.call('HSET', K_JTI, cid, j)
  redis.call('ZADD', K_ADMS, NOW, j)
  out[#out + 1] = { cid, j }
end

local function admit_waiting(out)
  local cap, rate, paused = settings()
  if paused then return end
  local free = cap - redis.call('ZCARD', K_ADMIT)
  local waiting = redis.call('ZCARD', K_AGU)
  if free <= 0 or waiting == 0 then return end
  local n = take_tokens(rate, math.min(free, waiting, 1000))
  if n <= 0 then return end
  local head = redis.call('ZRANGE', K_AGU, 0, n - 1)
  for _, cid in ipairs(head) do admit_one(cid, out) end
end

local function remove(cid)
  redis.call('ZREM', K_ATIV, cid)
  redis.call('HDEL', K_JTI, cid)
  redis.call('HDEL', K_ENT, cid)
  if redis.call('ZREM', K_ADMIT, cid) == 1 then return 2 end
  if redis.call('ZREM', K_AGU, cid) == 1 then return 1 end
  return 0
end

local function finish(adm, enc, changed)
  redis.call('ZREMRANGEBYSCORE', K_ADMS, '-inf', NOW - 60000)
  if #adm > 0 or #enc > 0 or changed then
    redis.call('PUBLISH', CANAL, cjson.encode({ a = adm, e = enc, m = changed }))
  end
end
`;

const SCRIPTS = {
  filaJoin: `
local cid = ARGV[6]
if redis.call('ZSCORE', K_ADMIT, cid) then
  redis.call('ZADD', K_ATIV, NOW, cid)
  local j = redis.call('HGET', K_JTI, cid)
  if not j then
    j = tostring(redis.call('INCR', K_ADM))
    redis.call('HSET', K_JTI, cid, j)
  end
  return { 'admitido', j }
end
if redis.call('ZSCORE', K_AGU, cid) then
  redis.call('ZADD', K_ATIV, NOW, cid)
  return { 'aguardando', redis.call('ZRANK', K_AGU, cid) + 1, redis.call('ZCARD', K_AGU) }
end
local cap, rate, paused = settings()
if not paused and not launch_holds() and redis.call('ZCARD', K_AGU) == 0 and redis.call('ZCARD', K_ADMIT) < cap and take_tokens(rate, 1) == 1 then
  local adm = {}
  admit_one(cid, adm)
  finish(adm, {}, false)
  return { 'admitido', adm[1][2] }
end
redis.call('ZADD', K_AGU, redis.call('INCR', K_SEQ), cid)
redis.call('ZADD', K_ATIV, NOW, cid)
redis.call('HSET', K_ENT, cid, NOW)
finish({}, {}, true)
return { 'aguardando', redis.call('ZRANK', K_AGU, cid) + 1, redis.call('ZCARD', K_AGU) }
`,
  filaTouch: `
local cid = ARGV[6]
if redis.call('ZSCORE', K_ADMIT, cid) then redis.call('ZADD', K_ATIV, NOW, cid) return 'admitido' end
if redis.call('ZSCORE', K_AGU, cid) then redis.call('ZADD', K_ATIV, NOW, cid) return 'aguardando' end
return false
`,
  filaLeave: `
local cid = ARGV[6]
local was = remove(cid)
if was == 0 then return 0 end
local adm = {}
if was == 2 then admit_waiting(adm) end
finish(adm, { { cid, 'saida' } }, true)
return was
`,
  filaTick: `
local enc, adm = {}, {}
local idle = redis.call('ZRANGEBYSCORE', K_ATIV, '-inf', NOW - IDLE, 'LIMIT', 0, 1000)
for _, cid in ipairs(idle) do
  if remove(cid) > 0 then enc[#enc + 1] = { cid, 'inatividade' } end
end
admit_waiting(adm)
finish(adm, enc, #enc > 0 or #adm > 0)
return #adm
`,
  filaStats: `
local cap, rate, held, paused = settings()
local oldest = 0
local head = redis.call('ZRANGE', K_AGU, 0, 0)
if head[1] then
  local t = tonumber(redis.call('HGET', K_ENT, head[1]))
  if t then oldest = math.max(0, NOW - t) end
end
local l = launch_holds() and redis.call('HMGET', K_LANC, 'id', 'nome', 'ate') or { '', '', '' }
return { redis.call('ZCARD', K_AGU), redis.call('ZCARD', K_ADMIT), redis.call('ZCOUNT', K_ADMS, '(' .. (NOW - 60000), '+inf'), oldest, cap, rate, paused and 1 or 0, auto_holds() and 1 or 0, l[1], l[2], l[3] }
`,
  filaConfig: `
if ARGV[6] ~= '' then redis.call('HSET', K_CFG, 'capacidade', ARGV[6]) end
if ARGV[7] ~= '' then redis.call('HSET', K_CFG, 'admissoesPorMinuto', ARGV[7]) end
if ARGV[8] ~= '' then redis.call('HSET', K_CFG, 'pausada', ARGV[8]) end
local adm = {}
admit_waiting(adm)
finish(adm, {}, true)
local cap, rate, held, paused = settings()
return { cap, rate, paused and 1 or 0 }
`,
  filaGated: `
local cap, rate, paused = settings()
if paused or launch_holds() or redis.call('ZCARD', K_AGU) > 0 or redis.call('ZCARD', K_ADMIT) >= cap then return 1 end
return 0
`,
  // ARGV 6 launch id, 7 name, 8 until (ms). Kept when a hold already runs as long or longer.
  launchHoldSet: `
local ate = tonumber(ARGV[8])
if not launch_holds() or ate > tonumber(redis.call('HGET', K_LANC, 'ate')) then
  redis.call('HSET', K_LANC, 'id', ARGV[6], 'nome', ARGV[7], 'ate', ARGV[8])
  finish({}, {}, true)
end
return redis.call('HMGET', K_LANC, 'id', 'nome', 'ate')
`,
  // ARGV 6 launch id: ends its hold, if it is the one holding (1 when it was still in force).
  launchHoldRelease: `
if redis.call('HGET', K_LANC, 'id') ~= ARGV[6] then return 0 end
local held = launch_holds()
redis.call('DEL', K_LANC)
local adm = {}
admit_waiting(adm)
finish(adm, {}, true)
return held and 1 or 0
`,
  // Per client: its place (> 0), or its unused admission as '-jti' when admitted, or 0.
  filaRanks: `
local out = { redis.call('ZCARD', K_AGU) }
for i = 6, #ARGV do
  local r = redis.call('ZRANK', K_AGU, ARGV[i])
  if r then
    out[#out + 1] = r + 1
  else
    local j = redis.call('HGET', K_JTI, ARGV[i])
    out[#out + 1] = j and ('-' .. j) or 0
  end
end
return out
`,
  // The data's id, made by the first process to find none (ADR 0037).
  queueEpoch: `
local e = redis.call('GET', K_EPOCA)
if e then return e end
redis.call('SET', K_EPOCA, ARGV[6])
return ARGV[6]
`,
  // ARGV 6 how many admitted, then their ids, then pairs of (waiting id, last known place).
  // Places keep their order across processes; new arrivals then queue after the highest.
  queueRestore: `
local n = tonumber(ARGV[6])
local i = 7
local function known(cid) return redis.call('ZSCORE', K_ADMIT, cid) or redis.call('ZSCORE', K_AGU, cid) end
for _ = 1, n do
  local cid = ARGV[i]
  i = i + 1
  if not known(cid) then
    redis.call('ZADD', K_ADMIT, NOW, cid)
    redis.call('ZADD', K_ATIV, NOW, cid)
  end
end
local top = 0
while i < #ARGV do
  local cid, place = ARGV[i], tonumber(ARGV[i + 1])
  i = i + 2
  if not known(cid) then
    redis.call('ZADD', K_AGU, place, cid)
    redis.call('ZADD', K_ATIV, NOW, cid)
    redis.call('HSET', K_ENT, cid, NOW)
    if place > top then top = place end
  end
end
if top > (tonumber(redis.call('GET', K_SEQ)) or 0) then redis.call('SET', K_SEQ, top) end
finish({}, {}, true)
return 1
`,
  filaConsume: `
local cid, jti = ARGV[6], ARGV[7]
if redis.call('HGET', K_JTI, cid) ~= jti then return 0 end
redis.call('HDEL', K_JTI, cid)
redis.call('ZADD', K_ATIV, 'XX', NOW, cid)
return 1
`,
  // ARGV 6 process, 7 delay ms, 8 pool waiting, 9-11 limits (0 = off), 12 fraction, 13 minimum ms on.
  // The same decision as avaliarAuto in fila.types.ts, made once for every process.
  filaAutoReport: `
local pid = ARGV[6]
redis.call('HSET', K_LEIT, pid, ARGV[7] .. ' ' .. ARGV[8] .. ' ' .. NOW)
local atraso, pool = 0, 0
local all = redis.call('HGETALL', K_LEIT)
for i = 1, #all, 2 do
  local a, p, em = string.match(all[i + 1], '^(%S+) (%S+) (%S+)$')
  if em and tonumber(em) >= NOW - VALIDA then
    atraso = math.max(atraso, tonumber(a))
    pool = math.max(pool, tonumber(p))
  else
    redis.call('HDEL', K_LEIT, all[i])
  end
end
local ativos = redis.call('ZCARD', K_ADMIT)
local maxA, maxL, maxP, fr, minimo = tonumber(ARGV[9]), tonumber(ARGV[10]), tonumber(ARGV[11]), tonumber(ARGV[12]), tonumber(ARGV[13])
local gatilho = false
if maxA > 0 and ativos >= maxA then gatilho = 'ativos'
elseif maxL > 0 and atraso >= maxL then gatilho = 'atraso'
elseif maxP > 0 and pool >= maxP then gatilho = 'pool' end
local calmo = (maxA == 0 or ativos < maxA * fr) and (maxL == 0 or atraso < maxL * fr) and (maxP == 0 or pool < maxP * fr)
local st = redis.call('HMGET', K_AUTO, 'ligada', 'quenteEm')
local ligada = auto_holds()
local motivo = false
if st[1] == '1' and not ligada then motivo = 'sem_leituras' end
redis.call('HSET', K_AUTO, 'vistoEm', NOW)
if gatilho then redis.call('HSET', K_AUTO, 'quenteEm', NOW) end
if not ligada and gatilho then motivo = gatilho
elseif ligada and calmo and NOW - (tonumber(st[2]) or 0) >= minimo then motivo = 'calmo' end
if not motivo then return false end
local on = motivo == gatilho
redis.call('HSET', K_AUTO, 'ligada', on and '1' or '0', 'motivo', motivo, 'desde', NOW)
local troca = cjson.encode({ ligada = on, motivo = motivo, em = NOW, ativos = ativos, atrasoMs = atraso, poolAguardando = pool, processo = pid })
redis.call('LPUSH', K_TROCAS, troca)
redis.call('LTRIM', K_TROCAS, 0, ${AUTO_SWITCHES_KEPT - 1})
if not on then
  local adm = {}
  admit_waiting(adm)
  finish(adm, {}, #adm > 0)
end
return troca
`,
  filaAutoEstado: `
local atraso, pool, n = 0, 0, 0
local all = redis.call('HGETALL', K_LEIT)
for i = 1, #all, 2 do
  local a, p, em = string.match(all[i + 1], '^(%S+) (%S+) (%S+)$')
  if em and tonumber(em) >= NOW - VALIDA then
    atraso = math.max(atraso, tonumber(a))
    pool = math.max(pool, tonumber(p))
    n = n + 1
  end
end
local st = redis.call('HMGET', K_AUTO, 'motivo', 'desde')
return { auto_holds() and 1 or 0, st[1] or '', st[2] or '', redis.call('ZCARD', K_ADMIT), tostring(atraso), pool, n, redis.call('LRANGE', K_TROCAS, 0, ${AUTO_SWITCHES_KEPT - 1}) }
`,
} as const;

type ScriptName = keyof typeof SCRIPTS;
type ScriptFn = (...args: (string | number)[]) => Promise<unknown>;

export interface RedisStoreOptions extends StoreOptions {
  url: string;
  /** Key and channel prefix; tests use a unique one. */
  prefix: string;
  /** REDIS_TIMEOUT_MS: the longest wait for one script's answer. */
  commandTimeoutMs?: number;
  /** Told once when a connection is lost and once when it is back (lib/redis.ts). */
  log?: { warn: (obj: object, msg: string) => void; info: (msg: string) => void };
  /** The loss of a connection, when no `log` is given. */
  onError?: (err: Error) => void;
}

/**
 * Redis away (no connection, no answer within REDIS_TIMEOUT_MS): the queue can't be read or changed,
 * so the caller answers 503 FILA_INDISPONIVEL (login, back office) or Error INDISPONIVEL (the
 * socket), at once (docs/decisions/0037-redis-outage.md). Any other error is a bug and stays one.
 */
function unavailable(err: unknown): never {
  throw isRedisUnavailable(err) ? new AppError('UNAVAILABLE', MSG_WAITING_ROOM.indisponivel, 'FILA_INDISPONIVEL') : err;
}

const asPairs = (v: unknown): [string, string][] => (Array.isArray(v) ? (v as [string, string][]) : []);

export class RedisQueueStore implements QueueStore {
  readonly kind = 'redis' as const;
  private readonly cmd: Redis;
  private readonly sub: Redis;
  private readonly keys: string[];
  private readonly channel: string;
  private readonly listeners = new Set<(e: WaitingRoomEvent) => void>();
  private subscribed?: Promise<unknown>;
  /** The id of the data this process has seen (queueEpoch); null until the first connection. */
  private epoch: string | null = null;

  constructor(private readonly opts: RedisStoreOptions) {
    // Commands fail at once while Redis is away (the hub answers INDISPONIVEL, login 503) instead of
    // piling up; the subscriber waits and subscribes again by itself (lib/redis.ts).
    const log = opts.log ?? (opts.onError ? { warn: (o: { err?: Error }) => opts.onError!(o.err ?? new Error('Redis: sem conexão')), info: () => {} } : undefined);
    this.cmd = createRedis(opts.url, { name: 'fila', commandTimeoutMs: opts.commandTimeoutMs, log });
    this.sub = createRedis(opts.url, { name: 'fila-eventos', subscriber: true, log });
    this.keys = KEY_NAMES.map((k) => `${opts.prefix}${k}`);
    this.channel = `${opts.prefix}eventos`;
    for (const [name, body] of Object.entries(SCRIPTS)) this.cmd.defineCommand(name, { numberOfKeys: this.keys.length, lua: PRELUDE + body });
    this.watchReconnects();
    this.cmd.on('ready', () => void this.checkEpoch());
    this.sub.on('message', (channel: string, message: string) => {
      if (channel !== this.channel) return;
      let raw: { a?: unknown; e?: unknown; m?: unknown };
      try {
        raw = JSON.parse(message);
      } catch {
        return;
      }
      const e: WaitingRoomEvent = {
        admitidos: asPairs(raw.a).map(([clientId, jti]): Admission => ({ clientId, jti: String(jti) })),
        closings: asPairs(raw.e).map(([clientId, reason]): Closing => ({ clientId, motivo: reason === 'saida' ? 'saida' : 'inatividade' })),
        changed: raw.m === true,
      };
      for (const l of this.listeners) l(e);
    });
  }

  /**
   * After the subscription comes back (ioredis re-subscribes on reconnect), events published
   * meanwhile are gone: tell the hub something may have changed, so it re-reads positions and
   * admissions for its sockets.
   */
  private watchReconnects() {
    let readies = 0;
    this.sub.on('ready', () => {
      if (++readies === 1) return;
      for (const l of this.listeners) l({ admitidos: [], closings: [], changed: true });
    });
  }

  /**
   * On every connection of the command client: a Redis restarted with nothing on disk has no queue
   * any more (nor the operators' overrides). Noticed here by the data's id, it tells the hub, which
   * puts back its own clients (hub.ts, ADR 0037); every process does the same for its own.
   */
  private async checkEpoch() {
    try {
      const current = String(await this.run('queueEpoch', Date.now(), randomUUID()));
      const before = this.epoch;
      this.epoch = current;
      if (before !== null && before !== current) for (const l of this.listeners) l({ admitidos: [], closings: [], changed: true, reset: true });
    } catch {
      // Lost again (the next connection checks again), or no answer in time: ask again in a second.
      setTimeout(() => this.cmd.status === 'ready' && void this.checkEpoch(), 1000).unref();
    }
  }

  /** Resolves once this process hears the shared channel and can send commands (call before serving). */
  ready() {
    const commands = this.cmd.status === 'ready' ? Promise.resolve() : new Promise((resolve) => this.cmd.once('ready', resolve));
    this.subscribed ??= Promise.all([this.sub.subscribe(this.channel), commands]);
    return this.subscribed;
  }

  private run(name: ScriptName, now: number, ...extra: (string | number)[]) {
    const fn = (this.cmd as unknown as Record<ScriptName, ScriptFn>)[name];
    const { defaults, inactivityMs } = this.opts;
    return fn.call(this.cmd, ...this.keys, this.channel, now, defaults.capacidade, defaults.admissoesPorMinuto, inactivityMs, ...extra).catch(unavailable);
  }

  async join(clientId: string, now: number): Promise<JoinResult> {
    const r = (await this.run('filaJoin', now, clientId)) as [string, string | number, number?];
    if (r[0] === 'admitido') return { estado: 'admitido', jti: String(r[1]) };
    return { estado: 'aguardando', posicao: Number(r[1]), quantidade: Number(r[2]) };
  }

  async touch(clientId: string, now: number) {
    const r = (await this.run('filaTouch', now, clientId)) as string | null;
    return r === 'admitido' || r === 'aguardando' ? r : null;
  }

  async leave(clientId: string, now: number) {
    return Number(await this.run('filaLeave', now, clientId)) > 0;
  }

  async tick(now: number) {
    await this.run('filaTick', now);
  }

  async positions(clientIds: string[]) {
    const positions = new Map<string, number>();
    const admitted = new Map<string, string>();
    let quantity = 0;
    // One script per slice of 2000 ranks (about a millisecond of Redis), not one command per client.
    for (let i = 0; i === 0 || i < clientIds.length; i += 2000) {
      const slice = clientIds.slice(i, i + 2000);
      const r = (await this.run('filaRanks', 0, ...slice)) as (number | string)[];
      quantity = Number(r[0]);
      slice.forEach((id, j) => {
        const v = r[j + 1];
        if (typeof v === 'string' && v.startsWith('-')) admitted.set(id, v.slice(1));
        else if (Number(v) > 0) positions.set(id, Number(v));
      });
    }
    return { quantidade: quantity, positions: positions, admitidos: admitted };
  }

  async stats(now: number): Promise<WaitingRoomStats> {
    const raw = (await this.run('filaStats', now)) as (number | string)[];
    const r = raw.slice(0, 8).map(Number);
    return {
      automatica: r[7] === 1,
      aguardando: r[0]!,
      admitidos: r[1]!,
      admissoesUltimoMinuto: r[2]!,
      esperaMaisAntigaMs: r[3]!,
      settings: { capacidade: r[4]!, admissoesPorMinuto: r[5]!, pausada: r[6] === 1 },
      lancamento: raw[8] ? { launchId: String(raw[8]), name: String(raw[9]), until: Number(raw[10]) } : null,
    };
  }

  async updateSettings(patch: Partial<WaitingRoomSettings>, now: number) {
    const r = ((await this.run('filaConfig', now, patch.capacidade ?? '', patch.admissoesPorMinuto ?? '', patch.pausada === undefined ? '' : patch.pausada ? '1' : '0')) as number[]).map(Number);
    return { capacidade: r[0]!, admissoesPorMinuto: r[1]!, pausada: r[2] === 1 };
  }

  async isGated(now = Date.now()) {
    return Number(await this.run('filaGated', now)) === 1;
  }

  async autoReport(process: string, reading: AutoReading, l: AutoLimites, now: number) {
    const r = (await this.run('filaAutoReport', now, process, reading.atrasoMs.toFixed(1), reading.poolAguardando, l.maxActive, l.maxDelayMs, l.maxPoolWaiting, l.fracao, l.minimoMs)) as string | null;
    return r ? (JSON.parse(r) as AutoSwap) : null;
  }

  async autoState(now: number): Promise<AutoState> {
    const r = (await this.run('filaAutoEstado', now)) as [number, string, string, number, string, number, number, string[]];
    return {
      ligada: r[0] === 1,
      motivo: (r[1] || null) as AutoState['motivo'],
      desde: r[2] ? Number(r[2]) : null,
      ativos: Number(r[3]),
      atrasoMs: Number(r[4]),
      poolAguardando: Number(r[5]),
      processos: Number(r[6]),
      trocas: r[7].map((t) => JSON.parse(t) as AutoSwap),
    };
  }

  async holdForLaunch(hold: LaunchHold, now: number) {
    const r = (await this.run('launchHoldSet', now, hold.launchId, hold.name, hold.until)) as string[];
    return { launchId: String(r[0]), name: String(r[1]), until: Number(r[2]) };
  }

  async releaseLaunch(launchId: string, now: number) {
    return Number(await this.run('launchHoldRelease', now, launchId)) === 1;
  }

  async checkTicket(clientId: string, jti: string) {
    return (await this.cmd.hget(this.keys[6]!, clientId).catch(unavailable)) === jti;
  }

  async restore(admitted: string[], waiting: { clientId: string; posicao: number }[], now: number) {
    await this.run('queueRestore', now, admitted.length, ...admitted, ...waiting.flatMap((w) => [w.clientId, w.posicao]));
  }

  async consumeTicket(clientId: string, jti: string, now: number) {
    return Number(await this.run('filaConsume', now, clientId, jti)) === 1;
  }

  onEvent(listener: (e: WaitingRoomEvent) => void) {
    this.listeners.add(listener);
  }

  /** Deletes every key of this prefix (tests). */
  async clear() {
    await this.cmd.del(...this.keys);
  }

  async close() {
    this.listeners.clear();
    await Promise.allSettled([this.sub.quit(), this.cmd.quit()]);
  }
}
