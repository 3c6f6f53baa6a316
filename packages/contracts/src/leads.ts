import { z } from 'zod';
import { MSG } from './messages.js';
import { phoneSchema, cepSchema, birthDateSchema, emailSchema } from './fields.js';
import { required } from './usuario.js';

// The lead-capture page /expert-xp/ (spec 001 sections 2.21, 3, 9). docs/decisions/0009-economy.md

/** Spec 001 section 9: 40% off, first purchase only, one use per CPF. One coupon per e-mail. */
export const LEAD_PERCENTAGE = 40;
export const LEAD_ORIGIN = 'expert-xp';

/**
 * The page shows 'CUPOM RESGATADO!' even when the call failed (spec 001 section 2.21): it then shows
 * this fixed code (the store accepts it once per CPF, first purchase only).
 */
export const FIXED_LEAD_COUPON = 'EXPERTXP40';

export const LEAD_MSG = {
  sucesso: 'CUPOM RESGATADO!',
  nomeInvalido: 'Informe seu nome.',
  /** Under the coupon on the success view: the personal code goes by e-mail (ADR 0039). */
  cupomPorEmail: 'Também enviamos um cupom para o e-mail informado.',
} as const;

/** POST /Leads/Create (spec 001 section 3, lead payload). */
export const leadSchema = z.object({
  nome: required(z.string().trim().min(2, LEAD_MSG.nomeInvalido).max(120, LEAD_MSG.nomeInvalido)),
  email: required(emailSchema),
  celular: required(phoneSchema),
  dtNascimento: required(birthDateSchema),
  cep: required(cepSchema),
  optinEmail: z.boolean({ error: MSG.camposObrigatorios }).optional().default(false),
  optinCelular: z.boolean({ error: MSG.camposObrigatorios }).optional().default(false),
});
export type LeadInput = z.input<typeof leadSchema>;
export type Lead = z.output<typeof leadSchema>;

/**
 * The same answer for a new e-mail and for one that already has a lead, so the call tells nobody
 * whether an address is a lead: the campaign's coupon (the page's fixed code, spec 001 section
 * 2.21). The lead's personal code goes only to its address, by e-mail (issue 23; ADR 0039).
 */
export const leadResponseSchema = z.object({
  message: z.string().describe("'CUPOM RESGATADO!'"),
  cupom: z.string().describe(`o cupom da campanha (${FIXED_LEAD_COUPON}), o mesmo para todos; o cupom pessoal do lead vai por e-mail`),
  percentual: z.number().int(),
});
export type LeadResponse = z.infer<typeof leadResponseSchema>;
