import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaleDatabase, startApiProcess, stopAll, type ApiProcess } from './support/api-process.js';

// Issue 23 item 1, as a load balancer sees it: a process that has just said "ready" must take
// calls. A fresh process's boot (routes compiled, modules loaded) blocked its event loop for over a
// second, the first load-shedding sample after the port opened reported it, and every call of that
// second got 503 "Muita gente agora" (in some starts, not all: hence several starts here).
const STARTS = 5;

describe('a fresh process, the instant /api/ready says 200', () => {
  let db: Awaited<ReturnType<typeof scaleDatabase>>;
  const started: ApiProcess[] = [];
  beforeAll(async () => {
    db = await scaleDatabase('fresh');
  }, 60_000);
  afterAll(async () => {
    await stopAll(started);
    await db.drop();
  }, 60_000);

  it(`refuses no call, a failed login first, on ${STARTS} fresh starts`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      // Load shedding as in production (NODE_ENV=development: 500 ms of mean delay); no web build.
      const api = await startApiProcess({ DATABASE_URL: db.url });
      started.push(api);
      const post = (path: string, body: unknown) => fetch(`${api.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const login = await post('/api/auth/login', { email: `ninguem-${i}@legiao.test`, senha: 'SenhaErrada1!' });
      statuses.push(login.status);
      expect(login.status).toBe(401);
      // The rest of the first two seconds: the samples that reported the boot came within them.
      for (let round = 0; round < 8; round++) {
        const answers = await Promise.all([
          fetch(`${api.base}/api/faq`),
          fetch(`${api.base}/api/produto/categoria`),
          fetch(`${api.base}/api/ready`),
          post('/api/auth/login', { email: `ninguem-${i}@legiao.test`, senha: 'SenhaErrada2!' }),
        ]);
        statuses.push(...answers.map((r) => r.status));
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      await stopAll([api]);
      expect(api.output()).not.toContain('sobrecarga');
    }
    expect(statuses.filter((s) => s === 503)).toEqual([]);
  }, 180_000);
});
