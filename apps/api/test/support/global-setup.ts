import type { TestProject } from 'vitest/node';
import { startTestDatabase } from './database.js';
import { MailCatcher, serveMailbox } from './mail-catcher.js';
import { buildServer } from './server-build.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    smtpUrl: string;
    mailboxUrl: string;
    /** The run's build of the API (server.js and the CLIs), for the tests that start processes. */
    serverBuild: string;
  }
}

/**
 * Once per run: a fresh, migrated database (DATABASE_URL's, recreated, or an embedded one) and
 * one SMTP catcher shared by every worker. The outbox is shared too, so any worker's mailer may
 * deliver any test's mail: one catcher means a test always finds its mail wherever it was sent.
 */
export default async function setup(project: TestProject) {
  const build = buildServer();
  const db = await startTestDatabase(process.env.DATABASE_URL || undefined);
  const catcher = new MailCatcher();
  const smtpPort = await catcher.listen();
  const mailbox = await serveMailbox(catcher);

  project.provide('databaseUrl', db.url);
  project.provide('smtpUrl', `smtp://127.0.0.1:${smtpPort}`);
  project.provide('mailboxUrl', mailbox.url);
  project.provide('serverBuild', build.dir);

  return async () => {
    await mailbox.close();
    await catcher.close();
    await db.stop();
    build.remove();
  };
}
