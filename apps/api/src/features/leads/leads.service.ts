import type { FastifyInstance } from 'fastify';
import { LEAD_MSG, LEAD_ORIGIN, LEAD_PERCENTAGE, type Lead, type LeadResponse } from '@legiao/contracts';
import { Prisma } from '../../db/prisma.js';
import { generateCode } from '../beneficio/codes.js';

// The lead-capture page (spec 001 section 2.21): stores the person and their consents and answers
// a 40% first-purchase coupon, one per e-mail: the same e-mail gets its first coupon back and
// nothing is changed. docs/decisions/0009-economy.md

export async function createLead(app: FastifyInstance, input: Lead): Promise<{ status: 200 | 201; body: LeadResponse }> {
  const { prisma } = app.ctx;
  const existing = () => prisma.lead.findUnique({ where: { email: input.email }, select: { cupom: true, percentual: true } });
  const before = await existing();
  if (before) return { status: 200, body: { message: LEAD_MSG.sucesso, cupom: before.cupom, percentual: before.percentual, novo: false } };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const lead = await prisma.lead.create({
        data: {
          email: input.email,
          nome: input.nome,
          celular: input.celular,
          dataNascimento: new Date(`${input.dtNascimento.slice(0, 10)}T00:00:00.000Z`),
          cep: input.cep,
          optInEmail: input.optinEmail,
          optInCelular: input.optinCelular,
          origem: LEAD_ORIGIN,
          cupom: generateCode('XP40'),
          percentual: LEAD_PERCENTAGE,
        },
      });
      return { status: 201, body: { message: LEAD_MSG.sucesso, cupom: lead.cupom, percentual: lead.percentual, novo: true } };
    } catch (err) {
      if (!(err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002')) throw err;
      // The same e-mail submitted twice at once: the first one's coupon. Otherwise a code collision: draw again.
      const other = await existing();
      if (other) return { status: 200, body: { message: LEAD_MSG.sucesso, cupom: other.cupom, percentual: other.percentual, novo: false } };
    }
  }
  throw new Error('não foi possível gerar um cupom único para o lead');
}
