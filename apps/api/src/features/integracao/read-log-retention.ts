import fp from 'fastify-plugin';
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { poolOf } from '../../db/prisma.js';
import { PeriodicPass } from '../../lib/periodic-pass.js';

// How long the read log (leitura_dados_integracao, docs/decisions/0045-crm-personal-data.md) keeps a
// read: INTEGRATION_READ_LOG_DAYS (1,825: five years, the term of a consumer's claim, CDC Art. 27,
// within which the brand may have to show who received a member's data; the member's export answers
// Art. 18 VII from it). Then it goes, in the background, once a day, in batches by id (the log is
// append-only, so its oldest rows are its lowest ids: each batch reads only rows it deletes, no index
// on the date needed). A row holds no personal data beyond the member's id (the client's name and
// the reason), so an erasure keeps it: the record that the data was shared is the brand's duty.

const BATCH = 5000;
const PAUSE_MS = 200;
const EVERY_MS = 86_400_000;

const SQL = `
  DELETE FROM leitura_dados_integracao WHERE id IN (
    SELECT id FROM leitura_dados_integracao WHERE criado_em < $1::timestamptz ORDER BY id LIMIT $2)`;

export class ReadLogRetention {
  private readonly schedule: PeriodicPass;

  constructor(
    private readonly pool: pg.Pool,
    private readonly days: number,
    private readonly clock: { now(): number },
    private readonly log: FastifyBaseLogger,
  ) {
    // A first pass two minutes after the start, then daily.
    this.schedule = new PeriodicPass(() => this.pass(), { firstAfterMs: 120_000, everyMs: EVERY_MS }, log, 'integrações: falha ao apagar leituras antigas do registro');
  }

  start() {
    this.schedule.start();
  }

  /** One pass: every read older than the line removed; answers how many. */
  async pass(pauseMs = PAUSE_MS): Promise<number> {
    const line = new Date(this.clock.now() - this.days * 86_400_000).toISOString();
    let removed = 0;
    while (!this.schedule.isStopped) {
      const { rowCount } = await this.pool.query(SQL, [line, BATCH]);
      removed += rowCount ?? 0;
      if ((rowCount ?? 0) < BATCH) break;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
    if (removed) this.log.info({ reads: removed }, 'integrações: leituras antigas apagadas do registro');
    return removed;
  }

  stop() {
    return this.schedule.stop();
  }
}

export const readLogRetentionPlugin = fp(async (app, opts: { days: number }) => {
  const retention = new ReadLogRetention(poolOf(app.ctx.prisma), opts.days, Date, app.log);
  app.addHook('onReady', async () => retention.start());
  app.addHook('onClose', async () => retention.stop());
});
