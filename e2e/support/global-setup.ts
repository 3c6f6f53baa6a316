import { existsSync } from 'node:fs';
import path from 'node:path';
import { startApiServer } from './api-server';
import { prepareDatabase } from './database';
import { API_DIR, APP_PORT, BASE_URL, MAIL_URL_ENV } from './env';
import { startFakeCep } from './fake-cep';
import { startFakeMailbox } from './fake-mailbox';
import { startFakeSocial } from './fake-social';
import { snapshotWebDist } from './web-dist';

const log = (m: string) => console.log(`[e2e] ${m}`);

/**
 * Starts what the browser tests need: a fake SMTP mailbox (readable over HTTP), a fake ViaCEP,
 * a fresh database and the API serving a snapshot of the built web app. The returned function is the teardown.
 */
export default async function globalSetup() {
  if (!existsSync(path.join(API_DIR, 'src/generated/prisma/client.ts'))) {
    throw new Error('E2E: o cliente Prisma não foi gerado. Rode: pnpm --filter @legiao/api run generate');
  }

  const webDist = await snapshotWebDist();

  const stops: Array<() => Promise<void>> = [];
  const teardown = async () => {
    for (const stop of stops.reverse()) await stop().catch((err) => console.error('[e2e] teardown:', err));
  };
  try {
    const mailbox = await startFakeMailbox();
    stops.push(mailbox.stop);
    const cep = await startFakeCep();
    stops.push(cep.stop);
    // Google and Facebook (consent screens and token APIs) for the social-login tests.
    const social = await startFakeSocial();
    stops.push(social.stop);
    const databaseUrl = await prepareDatabase(log);
    const api = await startApiServer({
      port: APP_PORT,
      databaseUrl,
      smtpUrl: mailbox.smtpUrl,
      publicUrl: BASE_URL,
      cepProviderUrl: cep.urlTemplate,
      webDist,
      env: social.apiEnv,
    });
    stops.push(api.stop);
    // Workers are started after global setup and inherit this environment.
    process.env[MAIL_URL_ENV] = mailbox.httpUrl;
    log(`API em ${BASE_URL} (log: ${api.logPath}), SMTP ${mailbox.smtpUrl}, caixa ${mailbox.httpUrl}`);
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
