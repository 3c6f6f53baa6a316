import { createServer } from 'node:net';
import path from 'node:path';
import { startApiServer } from './api-server';
import { e2eDatabaseUrl, prepareDatabase } from './database';
import { RESULTS_DIR } from './env';

export interface WaitingRoomServer {
  baseUrl: string;
  logPath: string;
  stop: () => Promise<void>;
}

/** A free TCP port on the loopback (the OS picks it). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('sem porta'))));
    });
  });
}

/** Next to the run's database, always with "e2e" in the name so it is recreated each time. */
function waitingRoomDatabaseUrl(tag: string): string {
  const url = new URL(e2eDatabaseUrl());
  const name = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'legiao';
  url.pathname = `/${`${name}${name.toLowerCase().includes('e2e') ? '' : '_e2e'}_${tag}`.slice(0, 63)}`;
  return url.toString();
}

/**
 * A second API (with the built web app) just for the waiting-room tests: its own port, database
 * and log, with a room of `capacidade` places, so filling it can't hold up the tests that share
 * the main server. `tag` tells parallel workers apart.
 */
export async function startWaitingRoomServer({ capacidade: capacity, tag, env = {} }: { capacidade: number; tag: string; env?: Record<string, string> }): Promise<WaitingRoomServer> {
  const port = await freePort();
  const databaseUrl = await prepareDatabase((m) => console.log(`[e2e fila] ${m}`), waitingRoomDatabaseUrl(tag));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await startApiServer({
    port,
    databaseUrl,
    // No test here sends mail; nothing listens on the discard port.
    smtpUrl: 'smtp://127.0.0.1:9',
    publicUrl: baseUrl,
    cepProviderUrl: 'http://127.0.0.1:9/ws/{cep}/json/',
    // The run's private copy of apps/web/dist, made by the global setup.
    webDist: path.join(RESULTS_DIR, 'web-dist'),
    logName: `api-${tag}.log`,
    env: {
      FILA_ENABLED: 'true',
      FILA_CAPACIDADE: String(capacity),
      // Admission is limited by places only, never by the rate.
      FILA_ADMISSOES_POR_MINUTO: '60000',
      // Should REDIS_URL be set, this server's queue stays apart from the main one's.
      FILA_REDIS_PREFIX: `legiao:{fila-${tag}-${port}}:`,
      ...env,
    },
  });
  return { baseUrl, logPath: server.logPath, stop: server.stop };
}
