import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOUNCED_EMAIL_MSG, MSG, messageResponseSchema, signedInUserSchema } from '@legiao/contracts';
import { webhookNewSecretSchema } from '@legiao/contracts/admin/webhooks';
import { BOUNCE_MSG, bounceResultSchema } from '@legiao/contracts/integracao/devolucoes';
import { poolOf } from '../src/db/prisma.js';
import { bouncedEmailSql } from '../src/features/lancamentos/alert-bounced.js';
import { bounceAddress } from '../src/features/mail/bounce-address.js';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from './support/app.js';
import { dsnMessage } from './support/dsn.js';
import { bearer, expectError, login } from './support/factories.js';
import { createApiClient } from './support/integration-client.js';
import { createStaff, type StaffSession } from './support/staff.js';
import { anyEventsOf } from './support/webhook-events.js';
import { launch, member } from './lancamentos-fixtures.js';

// The member is told their address bounces, and may say it is right (docs/decisions/0049-launch-alert-waves.md,
// "Bounces that arrive later"): GET /api/usuario/logged carries `emailDevolvidoEm`, and
// POST /api/usuario/email-devolvido/confirmar clears it for the session's own account.

let t: TestApp;
let relay: Awaited<ReturnType<typeof createApiClient>>;
let admin: StaffSession;
/** This file's endpoint on the shared database, subscribed to membro.atualizado (delivery is off in tests). */
let endpointId: string;
const CONFIRM = '/api/usuario/email-devolvido/confirmar';
const mailbox = { local: 'devolucoes', domain: 'legiao.dev' };

beforeAll(async () => {
  t = await buildTestApp({ env: { EMAIL_DEVOLUCOES: 'devolucoes@legiao.dev' } });
  relay = await createApiClient(t.prisma, ['emails:devolucoes'], { perMinute: 100_000 });
  admin = await createStaff(t, ['admin']);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/integracoes/webhooks',
    headers: admin.headers,
    payload: { url: 'https://93.184.215.14/hooks/legiao-devolvido', descricao: 'Devolução (teste)', tipos: ['membro.atualizado'] },
  });
  expect(res.statusCode, res.body).toBe(201);
  endpointId = webhookNewSecretSchema.parse(res.json()).endpoint.id;
});
afterAll(async () => {
  // Deleting it stops its fan-out for the files still running.
  if (endpointId) await t.app.inject({ method: 'DELETE', url: `/api/admin/integracoes/webhooks/${endpointId}`, headers: admin.headers });
  await t?.close();
});

/** An active member with a session. */
async function signedIn() {
  const m = await member(t.prisma);
  return { ...m, headers: bearer(await login(t.app, m.email)) };
}
const logged = async (headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/usuario/logged', headers });
  expect(res.statusCode, res.body).toBe(200);
  return signedInUserSchema.parse(res.json());
};
const confirm = (headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method: 'POST', url: CONFIRM, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const markOf = async (id: string) => (await t.prisma.usuario.findUniqueOrThrow({ where: { id }, select: { emailDevolvidoEm: true } })).emailDevolvidoEm;
const markBounced = (id: string) => t.prisma.$executeRaw`UPDATE usuario SET email_devolvido_em = now() WHERE id = ${id}::uuid`;
/** Whether the launch alerts' rule holds the account's address back now (features/lancamentos/alert-bounced.ts). */
const heldBack = async (id: string) =>
  (await poolOf(t.prisma).query<{ held: boolean }>(`SELECT ${bouncedEmailSql('u')} AS held FROM usuario u WHERE u.id = $1`, [id])).rows[0]!.held;

describe('emailDevolvidoEm and POST /api/usuario/email-devolvido/confirmar', () => {
  it('a hard bounce of a launch alert shows in the logged member\'s data; "my e-mail is right" clears it, only that, and again changes nothing', async () => {
    const ana = await signedIn();
    expect((await logged(ana.headers)).emailDevolvidoEm).toBeNull();

    // A launch alert sent to Ana, and its DSN posted by the relay (the real intake).
    const l = await launch(t.prisma);
    await t.prisma.lancamentoAviso.create({ data: { lancamentoId: l.id, usuarioId: ana.id, status: 'enviado', onda: 1, tentativas: 1, enviadoEm: new Date() } });
    const to = bounceAddress(mailbox, TEST_JWT_SECRET, l.id, ana.id);
    const dsn = await t.app.inject({
      method: 'POST',
      url: '/api/integracao/v1/emails/devolucoes',
      headers: { ...relay.headers, 'content-type': 'message/rfc822' },
      payload: dsnMessage({ to, action: 'failed', status: '5.1.1', diagnostic: 'smtp; 550 5.1.1 User unknown', finalRecipient: ana.email }),
    });
    expect(dsn.statusCode, dsn.body).toBe(202);
    expect(bounceResultSchema.parse(dsn.json())).toEqual({ situacao: 'registrada', motivo: BOUNCE_MSG.definitiva });

    const before = await t.prisma.usuario.findUniqueOrThrow({ where: { id: ana.id } });
    expect(before.emailDevolvidoEm).toBeInstanceOf(Date);
    expect(await heldBack(ana.id)).toBe(true);
    // Every other field of the logged user as it was; the new one is the mark, as ISO 8601.
    const shown = await logged(ana.headers);
    expect(shown.emailDevolvidoEm).toBe(before.emailDevolvidoEm!.toISOString());
    expect(shown.email).toBe(ana.email);

    const res = await confirm(ana.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(messageResponseSchema.parse(res.json())).toEqual({ message: BOUNCED_EMAIL_MSG.confirmado });
    expect(await markOf(ana.id)).toBeNull();
    expect(await heldBack(ana.id)).toBe(false); // the next launch's alert goes to the address again
    const after = await logged(ana.headers);
    expect(after.emailDevolvidoEm).toBeNull();
    expect({ ...after, emailDevolvidoEm: shown.emailDevolvidoEm }).toEqual(shown);

    // Only the mark changed: not the profile's last edit, not the CRM sync's cursor, and no webhook
    // event (this file's endpoint is subscribed to membro.atualizado): nothing about it leaves the portal.
    const row = await t.prisma.usuario.findUniqueOrThrow({ where: { id: ana.id } });
    expect(row).toEqual({ ...before, emailDevolvidoEm: null });
    expect(await anyEventsOf(t.prisma, { membroId: ana.id }, ['membro.atualizado'])).toEqual([]);
    // The alert keeps its history: it did bounce.
    expect((await t.prisma.lancamentoAviso.findUniqueOrThrow({ where: { lancamentoId_usuarioId: { lancamentoId: l.id, usuarioId: ana.id } } })).status).toBe('devolvido');

    // Idempotent: again (and with an empty JSON object), the same answer, nothing changes.
    for (const payload of [undefined, {}]) {
      const again = await confirm(ana.headers, payload);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual({ message: BOUNCED_EMAIL_MSG.confirmado });
    }
    expect(await t.prisma.usuario.findUniqueOrThrow({ where: { id: ana.id } })).toEqual(row);

    // The subscription is live: a change the CRM follows does write the event (so the check above means something).
    await t.prisma.$executeRaw`UPDATE usuario SET celular = '21912345678' WHERE id = ${ana.id}::uuid`;
    expect(await anyEventsOf(t.prisma, { membroId: ana.id }, ['membro.atualizado'])).toHaveLength(1);
  });

  it("a member clears only their own mark: the call names no account, and a body that tries is 400 in Portuguese", async () => {
    const ana = await signedIn();
    const bia = await signedIn();
    await markBounced(ana.id);
    await markBounced(bia.id);
    const anaMark = await markOf(ana.id);

    // Bia names Ana's account: refused, nothing changes for either.
    for (const payload of [{ usuarioId: ana.id }, { id: ana.id }, { email: ana.email }, [ana.id]]) {
      expectError(await confirm(bia.headers, payload), 400, BOUNCED_EMAIL_MSG.semDados);
    }
    expect(await markOf(ana.id)).toEqual(anaMark);
    expect(await markOf(bia.id)).toBeInstanceOf(Date);

    // Bia's own call clears Bia's mark, and Ana's stays, as Ana sees it.
    expect((await confirm(bia.headers)).statusCode).toBe(200);
    expect(await markOf(bia.id)).toBeNull();
    expect(await markOf(ana.id)).toEqual(anaMark);
    expect((await logged(ana.headers)).emailDevolvidoEm).toBe(anaMark!.toISOString());
    expect((await logged(bia.headers)).emailDevolvidoEm).toBeNull();
  });

  it('401 in the error format without a session, with a forged token or after logout; the mark stays', async () => {
    const ana = await signedIn();
    await markBounced(ana.id);
    expectError(await confirm({}), 401, MSG.naoAutenticado);
    expectError(await confirm({ authorization: 'Bearer nao.e.um.token' }), 401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: ana.headers })).statusCode).toBe(200);
    expectError(await confirm(ana.headers), 401);
    expectError(await t.app.inject({ method: 'GET', url: '/api/usuario/logged' }), 401);
    expect(await markOf(ana.id)).toBeInstanceOf(Date);
  });

  it('a new address starts clean: the e-mail change clears the mark (the trigger), and the logged data says so', async () => {
    const ana = await signedIn();
    await markBounced(ana.id);
    expect((await logged(ana.headers)).emailDevolvidoEm).not.toBeNull();
    await t.prisma.usuario.update({ where: { id: ana.id }, data: { email: `novo.${ana.email}` } });
    expect((await logged(ana.headers)).emailDevolvidoEm).toBeNull();
  });

  it('the OpenAPI document lists the call (secured, no body fields) and the field', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths['/api/usuario/email-devolvido/confirmar']?.post;
    expect(op?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(op?.responses ?? {}).sort()).toEqual(['200', '400', '401']);
    const logged = doc.paths['/api/usuario/logged'].get.responses['200'].content['application/json'].schema;
    expect(JSON.stringify(logged)).toContain('emailDevolvidoEm');
  });
});
