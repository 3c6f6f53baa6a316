import { z } from 'zod';
import { tamanhoLegivel } from './cupons';

// Back office: images (issue 16 item 3; docs/decisions/0028-code-pools-and-images.md).
// An upload is resized once to the sizes the member pages ask for its use, in AVIF, WebP and a JPEG
// (PNG when the picture has transparency) fallback, under content-hashed names served for a year.

/** Each use and the sizes its member page shows (the first is the main one, what `url` names). */
export const IMAGEM_USOS = {
  beneficio: { rotulo: 'Benefício (cartão e resgate)', tamanhos: [[640, 360], [320, 180]] },
  'banner-desktop': { rotulo: 'Banner (computador)', tamanhos: [[1600, 600], [800, 300]] },
  'banner-mobile': { rotulo: 'Banner (celular)', tamanhos: [[750, 900], [375, 450]] },
  produto: { rotulo: 'Produto', tamanhos: [[320, 320], [160, 160]] },
} as const satisfies Record<string, { rotulo: string; tamanhos: readonly (readonly [number, number])[] }>;
export type ImagemUso = keyof typeof IMAGEM_USOS;
export const IMAGEM_USO_NOMES = Object.keys(IMAGEM_USOS) as [ImagemUso, ...ImagemUso[]];

export const IMAGENS_MSG = {
  arquivoObrigatorio: 'Envie um arquivo de imagem.',
  arquivoVazio: 'O arquivo está vazio.',
  arquivoGrande: (bytes: number) => `A imagem passa do limite de ${tamanhoLegivel(bytes)}.`,
  svg: 'Imagens SVG não são aceitas: envie JPEG, PNG, WebP ou AVIF.',
  formato: 'O arquivo não é uma imagem JPEG, PNG, WebP ou AVIF.',
  pequena: (l: number, a: number) => `A imagem é pequena demais para este uso: envie ao menos ${l}×${a} pixels.`,
  grandeDemais: 'A imagem tem pixels demais (máximo de 40 megapixels).',
  usoInvalido: `Escolha o uso da imagem: ${IMAGEM_USO_NOMES.join(', ')}.`,
  naoEncontrada: 'Imagem não encontrada.',
} as const;

export const imagemVarianteSchema = z.object({
  largura: z.number().int(),
  altura: z.number().int(),
  formato: z.enum(['avif', 'webp', 'jpeg', 'png']),
  url: z.string(),
  bytes: z.number().int(),
});
export type ImagemVariante = z.infer<typeof imagemVarianteSchema>;

export const imagemSchema = z.object({
  id: z.string(),
  uso: z.enum(IMAGEM_USO_NOMES),
  arquivo: z.string(),
  formatoOriginal: z.string(),
  largura: z.number().int(),
  altura: z.number().int(),
  bytes: z.number().int(),
  /** The fallback (JPEG or PNG) at the main size: the value of an image field. */
  url: z.string(),
  variantes: z.array(imagemVarianteSchema),
  criadoEm: z.string(),
});
export type Imagem = z.infer<typeof imagemSchema>;

export const imagensQuerySchema = z.object({
  uso: z.enum(IMAGEM_USO_NOMES, { message: IMAGENS_MSG.usoInvalido }).optional(),
  pagina: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const imagemUploadQuerySchema = z.object({
  uso: z.enum(IMAGEM_USO_NOMES, { message: IMAGENS_MSG.usoInvalido }),
});
export const imagensResponseSchema = z.object({
  itens: z.array(imagemSchema),
  total: z.number().int(),
  pagina: z.number().int(),
  porPagina: z.number().int(),
});
export type ImagensResponse = z.infer<typeof imagensResponseSchema>;

export { fontesDaImagem } from '../imagem-constantes';
