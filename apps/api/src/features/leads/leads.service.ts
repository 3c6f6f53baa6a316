import type { FastifyInstance } from 'fastify';
import { FIXED_LEAD_COUPON, LEAD_MSG, LEAD_ORIGIN, LEAD_PERCENTAGE, type Lead, type LeadResponse } from '@legiao/contracts';
import { Prisma } from '../../db/prisma.js';
import { generateCode } from '../beneficio/codes.js';
import { leadCouponMail } from '../mail/templates.js';

// The lead-capture page (spec 001 section 2.21): stores the person and their consents, one lead and
// one personal 40% coupon per e-mail (docs/decisions/0009-economy.md). The personal code goes only
// to the address, by e-mail; every caller gets the same answer, with the campaign's coupon, so the
// call tells nobody whether an address is a lead (issue 23; docs/decisions/0039-security-review-findings.md).

const ANSWER: LeadResponse = { message: LEAD_MSG.sucesso, cupom: FIXED_LEAD_COUPON, percentual: LEAD_PERCENTAGE };

/** `mayMail`: whether the address's coupon-mail budget allows one more (coupon-mail-limit.ts). */
export async function createLead(app: FastifyInstance, input: Lead, mayMail: boolean): Promise<LeadResponse> {
  const { prisma, mailer, config } = app.ctx;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      await prisma.$transaction(async (tx) => {
        // A known e-mail keeps its lead as it was (nothing the caller typed is stored or mailed).
        const lead =
          (await tx.lead.findUnique({ where: { email: input.email }, select: { email: true, nome: true, cupom: true, percentual: true } })) ??
          (await tx.lead.create({
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
            select: { email: true, nome: true, cupom: true, percentual: true },
          }));
        if (mayMail) await mailer.enqueue(tx, await leadCouponMail(lead.email, lead.nome, lead.cupom, lead.percentual, config));
      });
      if (mayMail) mailer.kick();
      return ANSWER;
    } catch (err) {
      // The same e-mail submitted twice at once (the next attempt finds the lead), or a code drawn twice (drawn again).
      if (!(err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002')) throw err;
    }
  }
  throw new Error('não foi possível gerar um cupom único para o lead');
}
