import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activateAccountResponseSchema,
  activateAccountSchema,
  confirmBouncedEmailSchema,
  updateProfileSchema,
  signupResponseSchema,
  signupSchema,
  errorResponseSchema,
  messageResponseSchema,
  MSG,
  newPasswordSchema,
  resendEmailSchema,
  signedInUserSchema,
  validCpfQuerySchema,
  validEmailQuerySchema,
  validOptinQuerySchema,
  validOptinResponseSchema,
} from '@legiao/contracts';
import { authRateLimit } from '../../plugins/rate-limits.js';
import {
  activateAccount,
  assertEmailAvailable,
  changePassword,
  isCpfRegistered,
  optinStatus,
  registerUser,
  resendActivation,
  toSignedInUser,
  updateProfile,
} from './usuario.service.js';
import { confirmBouncedEmail } from './bounced-email.service.js';

const errors = { 400: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema };
const authErrors = { 400: errorResponseSchema, 401: errorResponseSchema, 409: errorResponseSchema };
const secured = { security: [{ bearer: [] }] };

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = authRateLimit(app);

  app.get(
    '/usuario/valid-email',
    { config: { rateLimit }, schema: { tags: ['usuario'], summary: 'Confere se o e-mail pode ser usado no cadastro', querystring: validEmailQuerySchema, response: { 200: messageResponseSchema, ...errors } } },
    async (request) => {
      await assertEmailAvailable(app, request.query.email);
      return { message: 'E-mail disponível' };
    },
  );

  app.get(
    '/usuario/valid-optin',
    { config: { rateLimit }, schema: { tags: ['usuario'], summary: 'Consentimentos já dados (true esconde a caixa no cadastro)', querystring: validOptinQuerySchema, response: { 200: validOptinResponseSchema, ...errors } } },
    async (request) => optinStatus(app, request.query.email),
  );

  app.get(
    '/usuario/valid-cpf',
    {
      config: { rateLimit },
      schema: {
        tags: ['usuario'],
        summary: "Responde o texto 'CPF existe' quando o CPF já está cadastrado",
        querystring: validCpfQuerySchema,
        // Plain text, as the spec's client reads it: documented as such, with its two values (issue 14).
        response: { 200: { description: `'${MSG.cpfExiste}' ou '${MSG.cpfLivre}'`, content: { 'text/plain': { schema: z.enum([MSG.cpfExiste, MSG.cpfLivre]) } } }, ...errors },
      },
    },
    async (request, reply) => {
      const exists = await isCpfRegistered(app, request.query.cpf);
      return reply.type('text/plain; charset=utf-8').send(exists ? MSG.cpfExiste : MSG.cpfLivre);
    },
  );

  app.post(
    '/usuario',
    { config: { rateLimit }, schema: { tags: ['usuario'], summary: 'Cadastro (envia o e-mail de ativação)', body: signupSchema, response: { 201: signupResponseSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await registerUser(app, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] })),
  );

  app.post(
    '/usuario/ativar-conta',
    { config: { rateLimit }, schema: { tags: ['usuario'], summary: 'Ativa a conta com o hash do link', body: activateAccountSchema, response: { 200: activateAccountResponseSchema, ...errors } } },
    async (request) => activateAccount(app, request.body.hash),
  );

  app.post(
    '/usuario/reenviar-email',
    { config: { rateLimit }, schema: { tags: ['usuario'], summary: 'Reenvia o e-mail de ativação', description: 'Público. A mesma resposta para uma conta pendente, ativa ou um e-mail desconhecido: só a conta pendente recebe um novo link.', body: resendEmailSchema, response: { 200: messageResponseSchema, ...errors } } },
    async (request) => {
      await resendActivation(app, request.body.email);
      return { message: MSG.reenvioSucesso };
    },
  );

  app.get(
    '/usuario/logged',
    {
      onRequest: [app.authenticate],
      // The balance comes with the session check: the whole call is one SQL statement.
      config: { saldo: true },
      schema: { tags: ['usuario'], summary: 'O usuário logado', ...secured, response: { 200: signedInUserSchema, 401: errorResponseSchema } },
    },
    async (request) => toSignedInUser(request.usuario, request.saldo),
  );

  app.post(
    '/usuario/email-devolvido/confirmar',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['usuario'],
        summary: 'O membro avisa que o seu e-mail está certo: os e-mails voltam a ser enviados para ele',
        description:
          'Limpa `emailDevolvidoEm` (a devolução definitiva registrada para o endereço) só da conta da sessão; sem corpo. Idempotente: sem devolução registrada, a mesma resposta.',
        ...secured,
        body: confirmBouncedEmailSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => confirmBouncedEmail(app, request.usuario.id),
  );

  app.put(
    '/usuario',
    { onRequest: [app.authenticate], schema: { tags: ['usuario'], summary: 'Atualiza o perfil (também completa o cadastro social)', ...secured, body: updateProfileSchema, response: { 200: signedInUserSchema, ...authErrors } } },
    async (request) => updateProfile(app, request.usuario, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );

  app.patch(
    '/usuario/nova-senha',
    // Per address as for the other password calls: a stolen session can't try current passwords at will (ADR 0040).
    { onRequest: [app.authenticate], config: { rateLimit }, schema: { tags: ['usuario'], summary: 'Troca a senha (senha atual e nova)', ...secured, body: newPasswordSchema, response: { 200: messageResponseSchema, ...authErrors, 429: errorResponseSchema } } },
    async (request) => {
      await changePassword(app, request.usuario, request.sessao.id, request.body.senha, request.body.novaSenha);
      return { message: MSG.senhaAlterada };
    },
  );
};
