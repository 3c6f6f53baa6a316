import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG, MSG, can, STAFF_ROLES, type StaffRole } from '@legiao/contracts';
import { EMAILS_MSG, emailPreviewSchema, emailTemplateListSchema, emailTestSentSchema } from '@legiao/contracts/admin/emails';
import { buildTestApp, type TestApp } from './support/app.js';
import { expectError } from './support/factories.js';
import { waitForMail } from './support/mailbox.js';
import { createStaffByRole, type StaffSession } from './support/staff.js';

// /api/admin/emails (issue 32 §3; ADR 0048): the previews (content.read), the test copy to one's own
// address (content.write, audited, through the outbox to the SMTP catcher), 404 and 403 in Portuguese.

let t: TestApp;
let s: Record<StaffRole | 'membro', StaffSession>;
beforeAll(async () => {
  t = await buildTestApp();
  s = await createStaffByRole(t);
});
afterAll(() => t.close());

describe('/api/admin/emails', () => {
  it('every role that reads content lists the templates; a member 403, nobody 401', async () => {
    for (const role of STAFF_ROLES.filter((r) => can([r], 'content.read'))) {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/emails', headers: s[role].headers });
      expect(res.statusCode, res.body).toBe(200);
      const list = emailTemplateListSchema.parse(res.json());
      expect(list.map((e) => e.chave)).toContain('ativacao');
      expect(list.find((e) => e.chave === 'ativacao')).toMatchObject({ nome: 'Ativação de conta', publico: 'membro', assunto: 'Ative sua conta na Legião' });
      expect(list.find((e) => e.chave === 'webhook-pausado')?.publico).toBe('equipe');
    }
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/emails', headers: s.integracoes.headers }), 403, ADMIN_MSG.semPermissao);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/emails', headers: s.membro.headers }), 403, ADMIN_MSG.semPermissao);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/emails' }), 401, MSG.naoAutenticado);
  });

  it('a preview: subject, preheader, the HTML document and the text part, links to PUBLIC_URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/emails/ativacao', headers: s.atendimento.headers });
    expect(res.statusCode, res.body).toBe(200);
    const p = emailPreviewSchema.parse(res.json());
    expect(p.assunto).toBe('Ative sua conta na Legião');
    expect(p.preheader).toContain('Confirme seu e-mail');
    expect(p.html).toMatch(/^<!DOCTYPE html/);
    expect(p.html).toContain('lang="pt-BR"');
    expect(p.html).toContain('Ativar minha conta');
    expect(p.texto).toContain('Ativar minha conta http://legiao.test/ativar-conta?q=');
    expect(p.exemplo).toMatchObject({ name: 'Mariana Souza' });
    // Every template previews.
    const list = emailTemplateListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/admin/emails', headers: s.marketing.headers })).json());
    for (const e of list) {
      const r = await t.app.inject({ method: 'GET', url: `/api/admin/emails/${e.chave}`, headers: s.marketing.headers });
      expect(r.statusCode, `${e.chave}: ${r.body}`).toBe(200);
    }
  });

  it('an unknown key is 404 in Portuguese; a member is refused', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/emails/nao-existe', headers: s.admin.headers }), 404, EMAILS_MSG.modeloNaoEncontrado);
    expectError(await t.app.inject({ method: 'POST', url: '/api/admin/emails/nao-existe/enviar-teste', headers: s.admin.headers }), 404, EMAILS_MSG.modeloNaoEncontrado);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/emails/ativacao', headers: s.membro.headers }), 403, ADMIN_MSG.semPermissao);
    expectError(await t.app.inject({ method: 'POST', url: '/api/admin/emails/ativacao/enviar-teste', headers: s.membro.headers }), 403, ADMIN_MSG.semPermissao);
  });

  it('reading is not sending: roles without content.write get 403 and nothing is queued', async () => {
    for (const role of ['atendimento', 'operacao'] as const) {
      expectError(await t.app.inject({ method: 'POST', url: '/api/admin/emails/ativacao/enviar-teste', headers: s[role].headers }), 403, ADMIN_MSG.semPermissao);
      expect(await t.prisma.emailSaida.count({ where: { para: s[role].email } })).toBe(0);
    }
  });

  it('"Enviar para mim": the sample reaches the staff member own address over SMTP, marked as a test, audited', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/emails/alerta-lancamento/enviar-teste', headers: s.marketing.headers });
    expect(res.statusCode, res.body).toBe(202);
    const sent = emailTestSentSchema.parse(res.json());
    expect(sent).toEqual({ para: s.marketing.email, assunto: '[Teste] Acesso antecipado liberado: Garrafa Térmica Legião Edição Tropa 1 L', message: EMAILS_MSG.testeEnviado(s.marketing.email) });

    const mail = await waitForMail(s.marketing.email, { subject: '[Teste] Acesso antecipado liberado' });
    expect(mail.html).toContain('lang="pt-BR"');
    expect(mail.html).toContain('LGA-7QK3M2XW5B');
    expect(mail.text).toContain('LGA-7QK3M2XW5B');
    expect(mail.text).toContain('http://legiao.test/api/lancamentos/garrafa-tropa-2026/agenda.ics');

    const audit = await t.prisma.$queryRaw<{ acao: string; entidade_id: string; depois: unknown }[]>`
      SELECT acao, entidade_id, depois FROM auditoria WHERE autor_id = ${s.marketing.id}::uuid AND entidade = 'email_modelo'`;
    expect(audit).toEqual([{ acao: 'email.enviar-teste', entidade_id: 'alerta-lancamento', depois: { para: s.marketing.email, assunto: sent.assunto } }]);
  });
});
