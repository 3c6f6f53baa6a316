import { z } from 'zod';

// FAQ (spec 000 sections 2, 3; spec 001 sections 2.2, 3; issue #6). Kept in the database and seeded.

export const FAQ_CATEGORIES = ['faq', 'duvidas'] as const;

/** GET /Faq?ativo=true: public. Without ativo, every entry; ativo=false, only the inactive ones. */
export const faqQuerySchema = z.object({
  ativo: z.enum(['true', 'false'], { message: "O parâmetro 'ativo' deve ser true ou false." }).optional(),
});

export const faqItemSchema = z.object({
  id: z.number().int(),
  pergunta: z.string(),
  resposta: z.string(),
  categoria: z.enum(FAQ_CATEGORIES),
  ativo: z.boolean(),
  ordem: z.number().int(),
});
export type FaqItem = z.infer<typeof faqItemSchema>;
export const faqListSchema = z.array(faqItemSchema);
