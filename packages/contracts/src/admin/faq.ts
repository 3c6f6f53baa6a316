import { z } from 'zod';
import { INT4_MAX } from '../input-guard';
import { FAQ_CATEGORIES, faqItemSchema } from '../faq';

// Back office: the FAQ (issue 16 item 5; docs/decisions/0029-back-office-content.md). Two lists, as
// the member pages read them (ADR 0012): 'faq' (the home) and 'duvidas' (the landing page).

export const FAQ_ADMIN_MSG = {
  naoEncontrada: 'Pergunta não encontrada.',
  ordemRepetida: 'Informe cada pergunta uma única vez na nova ordem.',
  ordemOutraLista: 'Todas as perguntas da nova ordem devem ser da mesma lista.',
} as const;

export const FAQ_CATEGORY_LABELS: Record<(typeof FAQ_CATEGORIES)[number], string> = { faq: 'FAQ (home)', duvidas: 'Dúvidas (página inicial)' };

export const faqInputSchema = z
  .object({
    pergunta: z.string({ message: 'Informe a pergunta.' }).trim().min(1, { message: 'Informe a pergunta.' }).max(300, { message: 'Pergunta: no máximo 300 caracteres.' }),
    resposta: z.string({ message: 'Informe a resposta.' }).trim().min(1, { message: 'Informe a resposta.' }).max(5000, { message: 'Resposta: no máximo 5000 caracteres.' }),
    categoria: z.enum(FAQ_CATEGORIES, { message: 'Lista inválida: use faq ou duvidas.' }),
    ativo: z.boolean({ message: 'Ativo deve ser verdadeiro ou falso.' }).default(true),
  })
  .strict();
export type FaqInput = z.input<typeof faqInputSchema>;

export const faqAdminSchema = faqItemSchema;
export const faqAdminListSchema = z.array(faqAdminSchema);

export const faqIdParamsSchema = z.object({
  id: z.coerce.number({ message: FAQ_ADMIN_MSG.naoEncontrada }).int({ message: FAQ_ADMIN_MSG.naoEncontrada }).positive({ message: FAQ_ADMIN_MSG.naoEncontrada }).max(INT4_MAX, { message: FAQ_ADMIN_MSG.naoEncontrada }),
});

/** PUT /api/admin/faq/ordem: questions of one list in their new order (they swap the places they held). */
export const faqOrderInputSchema = z
  .object({
    categoria: z.enum(FAQ_CATEGORIES, { message: 'Lista inválida: use faq ou duvidas.' }),
    ids: z.array(z.number().int().positive().max(INT4_MAX)).min(1, { message: FAQ_ADMIN_MSG.ordemRepetida }).max(1000),
  })
  .strict()
  .refine((v) => new Set(v.ids).size === v.ids.length, { message: FAQ_ADMIN_MSG.ordemRepetida });
export type FaqOrderInput = z.infer<typeof faqOrderInputSchema>;
