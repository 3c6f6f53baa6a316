import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type Aggregator, type MetricObjectWithValues, type MetricValue } from 'prom-client';
import { poolOf } from '../../db/prisma.js';

// Seconds. Most answers take 1-50 ms; logins (bcrypt) ~30-100 ms; past 2.5 s a member has given up.
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const STATUS_CLASS = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'];

interface RouteObservers {
  /** One bound child per status class, made on first use: no label hashing on the request path. */
  byClass: (ReturnType<Histogram<'method' | 'route' | 'status_class'>['labels']> | undefined)[];
}

/**
 * The API's Prometheus metrics (issue 15 item 5, docs/decisions/0024-overload-and-observability.md),
 * in a registry of this app (tests build several apps in one process).
 *
 * Per request only `observe()` runs: a Map lookup and a histogram increment, from the request log
 * controller Fastify already calls (no extra hook). Everything else (waiting room, outbox, pool,
 * cache, event loop) is read when Prometheus scrapes, in `collect()`.
 *
 * Labels stay few: the route's pattern (`/api/beneficio/:id`, never the raw URL; the web app's files
 * are one `web` route, unknown paths one `unmatched`), the method and the status class; the exact
 * status only on errors, whose statuses are a handful.
 */
export class ApiMetrics {
  readonly registry = new Registry();
  private readonly duration: Histogram<'method' | 'route' | 'status_class'>;
  private readonly errors: Counter<'method' | 'route' | 'status'>;
  private readonly routes = new Map<string, RouteObservers>();
  private app?: FastifyInstance;

  private readonly fila = {
    aguardando: this.gauge('legiao_fila_aguardando', 'Membros na fila de espera (todos os processos)', undefined, 'max'),
    admitidos: this.gauge('legiao_fila_admitidos', 'Sessões admitidas ocupando lugar (todos os processos)', undefined, 'max'),
    capacidade: this.gauge('legiao_fila_capacidade', 'Sessões admitidas ao mesmo tempo (configuração atual)', undefined, 'max'),
    admissoesUltimoMinuto: this.gauge('legiao_fila_admissoes_ultimo_minuto', 'Admissões no último minuto (todos os processos)', undefined, 'max'),
    oldestWait: this.gauge('legiao_fila_espera_mais_antiga_seconds', 'Há quanto tempo espera o primeiro da fila', undefined, 'max'),
    pausada: this.gauge('legiao_fila_pausada', '1 quando a admissão está pausada por um operador', undefined, 'max'),
    automatica: this.gauge('legiao_fila_automatica', '1 quando a sala de espera automática (FILA_AUTO) segura as admissões', undefined, 'max'),
    websocket: this.gauge('legiao_websocket_clients', 'Conexões WebSocket da sala de espera neste processo'),
  };
  private readonly outbox = {
    pendentes: this.gauge('legiao_mail_outbox_pending', 'E-mails pendentes no outbox', undefined, 'max'),
    idade: this.gauge('legiao_mail_outbox_oldest_pending_seconds', 'Idade do e-mail pendente mais antigo (0 sem pendentes)', undefined, 'max'),
    falhos: this.gauge('legiao_mail_outbox_failed', 'E-mails que esgotaram as tentativas', undefined, 'max'),
  };
  private readonly pool = {
    total: this.gauge('legiao_db_pool_connections', 'Conexões do pool do PostgreSQL neste processo', ['state']),
    waiting: this.gauge('legiao_db_pool_waiting', 'Pedidos esperando uma conexão do pool'),
  };
  private readonly cache = {
    hits: new Counter({ name: 'legiao_content_cache_hits_total', help: 'Leituras do cache de conteúdo servidas da memória', registers: [this.registry] }),
    misses: new Counter({ name: 'legiao_content_cache_misses_total', help: 'Leituras do cache de conteúdo que foram ao banco', registers: [this.registry] }),
    invalidations: new Counter({ name: 'legiao_content_cache_invalidations_total', help: 'Entradas descartadas por mudança no banco', registers: [this.registry] }),
    listening: this.gauge('legiao_content_cache_listening', '1 quando o cache ouve o banco (senão toda leitura vai ao banco)'),
  };
  // Outgoing webhooks (docs/decisions/0042-webhooks.md): attempts counted where they happen (summed
  // over the processes); the events written, the queue and its age read from the database (shared: max).
  private readonly webhooks = {
    attempts: new Counter<'resultado'>({
      name: 'legiao_webhook_deliveries_total',
      help: 'Tentativas de entrega de webhooks neste processo, por resultado (entregue, nova-tentativa, falhou, pausado)',
      labelNames: ['resultado'],
      registers: [this.registry],
    }),
    events: this.gauge('legiao_webhook_events_written_total', 'Eventos escritos para webhooks (contagem do PostgreSQL, aproximada em até 1 s)', undefined, 'max'),
    pending: this.gauge('legiao_webhook_queue_depth', 'Entregas de webhook pendentes (na fila, em nova tentativa ou esperando um endpoint pausado)', undefined, 'max'),
    oldest: this.gauge('legiao_webhook_oldest_pending_seconds', 'Idade do evento não entregue mais antigo (0 sem pendentes)', undefined, 'max'),
    failed: this.gauge('legiao_webhook_deliveries_failed', 'Entregas que esgotaram as tentativas (podem ser reenviadas no back office)', undefined, 'max'),
  };
  /** 1 per process: summed over WORKERS' processes, it says how many answered the scrape. */
  private readonly processes = this.gauge('legiao_api_processes', 'Processos da API somados nesta coleta (WORKERS)');
  private readonly pressure = {
    delay: this.gauge('legiao_event_loop_delay_seconds', 'Atraso médio do event loop no último segundo (o que a proteção de sobrecarga compara)', undefined, 'max'),
    utilization: this.gauge('legiao_event_loop_utilization', 'Utilização do event loop no último segundo (0-1)', undefined, 'average'),
    overloaded: this.gauge('legiao_overloaded', '1 enquanto o processo recusa pedidos com 503 (sobrecarga sustentada)', undefined, 'max'),
    notReady: this.gauge('legiao_under_pressure', 'Processos cuja última amostra passou de um limite: /api/ready responde 503, pedidos ainda atendidos', undefined, 'sum'),
  };

  constructor() {
    this.duration = new Histogram({
      name: 'legiao_http_request_duration_seconds',
      help: 'Duração dos pedidos HTTP por rota (padrão da rota), método e classe de status',
      labelNames: ['method', 'route', 'status_class'],
      buckets: BUCKETS,
      registers: [this.registry],
    });
    this.errors = new Counter({
      name: 'legiao_http_errors_total',
      help: 'Respostas 4xx e 5xx por rota e status',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    });
    // process_* and nodejs_* (CPU, memory, GC, handles, event-loop lag percentiles).
    collectDefaultMetrics({ register: this.registry });
  }

  /**
   * `aggregator`: how WORKERS' processes are combined in one scrape (ADR 0025): the shared numbers
   * (waiting room, outbox) are the same in every process, so their max; per-process ones are summed.
   */
  private gauge<L extends string = never>(name: string, help: string, labelNames?: L[], aggregator: Aggregator = 'sum') {
    return new Gauge<L>({ name, help, labelNames: labelNames ?? [], registers: [this.registry], aggregator });
  }

  /** Every completed request (RequestLog.requestCompleted). Hot path: keep it to a lookup and an increment. */
  observe = (request: FastifyRequest, reply: FastifyReply) => {
    const pattern = request.routeOptions.url;
    const route = pattern === undefined ? 'unmatched' : pattern.startsWith('/api') ? pattern : 'web';
    const method = request.method;
    const key = `${method} ${route}`;
    let observers = this.routes.get(key);
    if (!observers) this.routes.set(key, (observers = { byClass: [] }));
    const status = reply.statusCode;
    const cls = (status / 100) | 0;
    let child = observers.byClass[cls];
    if (!child) child = observers.byClass[cls] = this.duration.labels(method, route, STATUS_CLASS[cls] ?? 'other');
    child.observe(reply.elapsedTime / 1000);
    if (status >= 400) this.errors.labels(method, route, String(status)).inc();
  };

  /** Every result from 0, so a process that delivered nothing yet still exposes the series. */
  private readonly webhookResults = ['entregue', 'nova-tentativa', 'falhou', 'pausado'].map((r) => this.webhooks.attempts.labels(r).inc(0));

  /** One delivery attempt's result (the worker's, in this process). */
  webhookOutcome(outcome: string) {
    if (outcome === 'descartada' || outcome === 'retida') return;
    this.webhooks.attempts.labels(outcome).inc();
  }

  /** The app whose waiting room, pool, cache and pressure gauges are read at scrape time. */
  attach(app: FastifyInstance) {
    this.app = app;
  }

  /** Reads what is not counted per request, then renders the text format. */
  async render(): Promise<string> {
    await this.refresh();
    return this.registry.metrics();
  }

  /** The same readings as JSON, for the WORKERS primary to combine with the other processes'. */
  async snapshot(): Promise<MetricObjectWithValues<MetricValue<string>>[]> {
    await this.refresh();
    return this.registry.getMetricsAsJSON();
  }

  private async refresh() {
    const app = this.app;
    this.processes.set(1);
    if (app) {
      const now = Date.now();
      const [waitingRoom, outbox, webhooks] = await Promise.all([app.fila.store.stats(now).catch(() => null), this.readOutbox(app).catch(() => null), this.readWebhooks(app).catch(() => null)]);
      if (waitingRoom) {
        this.fila.aguardando.set(waitingRoom.aguardando);
        this.fila.admitidos.set(waitingRoom.admitidos);
        this.fila.capacidade.set(waitingRoom.settings.capacidade);
        this.fila.admissoesUltimoMinuto.set(waitingRoom.admissoesUltimoMinuto);
        this.fila.oldestWait.set(waitingRoom.esperaMaisAntigaMs / 1000);
        this.fila.pausada.set(waitingRoom.settings.pausada ? 1 : 0);
        this.fila.automatica.set(waitingRoom.automatica ? 1 : 0);
      }
      this.fila.websocket.set(app.fila.connectionCount);
      if (webhooks) {
        this.webhooks.events.set(webhooks.eventos);
        this.webhooks.pending.set(webhooks.pendentes);
        this.webhooks.oldest.set(webhooks.idade);
        this.webhooks.failed.set(webhooks.falhas);
      }
      if (outbox) {
        this.outbox.pendentes.set(outbox.pendentes);
        this.outbox.idade.set(outbox.idade);
        this.outbox.falhos.set(outbox.falhos);
      }
      const pool = poolOf(app.ctx.prisma);
      this.pool.total.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.pool.total.set({ state: 'idle' }, pool.idleCount);
      this.pool.waiting.set(pool.waitingCount);
      const stats = app.cache.stats;
      setCounter(this.cache.hits, stats.hits);
      setCounter(this.cache.misses, stats.loads);
      setCounter(this.cache.invalidations, stats.invalidations);
      this.cache.listening.set(app.cache.isListening ? 1 : 0);
      const sample = app.pressure.latest;
      this.pressure.delay.set(sample.eventLoopDelayMs / 1000);
      this.pressure.utilization.set(sample.eventLoopUtilization);
      this.pressure.overloaded.set(app.pressure.shedding ? 1 : 0);
      this.pressure.notReady.set(app.pressure.underPressure ? 1 : 0);
    }
  }

  private async readWebhooks(app: FastifyInstance) {
    // n_tup_ins: rows ever inserted into evento, from the statistics collector (no count over a big table).
    const { rows } = await poolOf(app.ctx.prisma).query<{ eventos: number; pendentes: number; idade: number; falhas: number }>(
      `SELECT coalesce((SELECT n_tup_ins FROM pg_stat_user_tables WHERE relname = 'evento' AND schemaname = current_schema()), 0)::float8 AS eventos,
              (SELECT count(*) FROM webhook_entrega WHERE status = 'pendente')::int AS pendentes,
              coalesce((SELECT extract(epoch FROM (now() AT TIME ZONE 'UTC') - min(criado_em)) FROM webhook_entrega WHERE status = 'pendente'), 0)::float8 AS idade,
              (SELECT count(*) FROM webhook_entrega WHERE status = 'falhou')::int AS falhas`,
    );
    return rows[0]!;
  }

  private async readOutbox(app: FastifyInstance) {
    const { rows } = await poolOf(app.ctx.prisma).query<{ pendentes: number; idade: number; falhos: number }>(
      `SELECT count(*) FILTER (WHERE status = 'pendente')::int AS pendentes,
              coalesce(extract(epoch FROM (now() AT TIME ZONE 'UTC') - min(criado_em) FILTER (WHERE status = 'pendente')), 0)::float8 AS idade,
              count(*) FILTER (WHERE status = 'falhou')::int AS falhos
         FROM email_saida WHERE status IN ('pendente', 'falhou')`,
    );
    return rows[0]!;
  }
}

/** A counter that mirrors a running total kept elsewhere (the cache's own stats). */
function setCounter(counter: Counter, total: number) {
  counter.reset();
  counter.inc(total);
}
