import { z } from 'zod';
import { readableSize } from './cupons';

// Back office: images (issue 16 item 3; docs/decisions/0028-code-pools-and-images.md).
// An upload is resized once to the sizes the member pages ask for its use, in AVIF, WebP and a JPEG
// (PNG when the picture has transparency) fallback, under content-hashed names served for a year.

/** Each use and the sizes its member page shows (the first is the main one, what `url` names). */
export const IMAGE_USES = {
  beneficio: { rotulo: 'Benefício (cartão e resgate)', tamanhos: [[640, 360], [320, 180]] },
  'banner-desktop': { rotulo: 'Banner (computador)', tamanhos: [[1600, 600], [800, 300]] },
  'banner-mobile': { rotulo: 'Banner (celular)', tamanhos: [[750, 900], [375, 450]] },
  produto: { rotulo: 'Produto', tamanhos: [[320, 320], [160, 160]] },
} as const satisfies Record<string, { rotulo: string; tamanhos: readonly (readonly [number, number])[] }>;
export type ImageUse = keyof typeof IMAGE_USES;
export const IMAGE_USE_NAMES = Object.keys(IMAGE_USES) as [ImageUse, ...ImageUse[]];

export const IMAGES_MSG = {
  arquivoObrigatorio: 'Envie um arquivo de imagem.',
  arquivoVazio: 'O arquivo está vazio.',
  arquivoGrande: (bytes: number) => `A imagem passa do limite de ${readableSize(bytes)}.`,
  svg: 'Imagens SVG não são aceitas: envie JPEG, PNG, WebP ou AVIF.',
  formato: 'O arquivo não é uma imagem JPEG, PNG, WebP ou AVIF.',
  pequena: (l: number, a: number) => `A imagem é pequena demais para este uso: envie ao menos ${l}×${a} pixels.`,
  grandeDemais: 'A imagem tem pixels demais (máximo de 40 megapixels).',
  usoInvalido: `Escolha o uso da imagem: ${IMAGE_USE_NAMES.join(', ')}.`,
  naoEncontrada: 'Imagem não encontrada.',
} as const;

export const imageVariantSchema = z.object({
  largura: z.number().int(),
  altura: z.number().int(),
  formato: z.enum(['avif', 'webp', 'jpeg', 'png']),
  url: z.string(),
  bytes: z.number().int(),
});
export type ImageVariant = z.infer<typeof imageVariantSchema>;

export const imageSchema = z.object({
  id: z.string(),
  uso: z.enum(IMAGE_USE_NAMES),
  arquivo: z.string(),
  formatoOriginal: z.string(),
  largura: z.number().int(),
  altura: z.number().int(),
  bytes: z.number().int(),
  /** The fallback (JPEG or PNG) at the main size: the value of an image field. */
  url: z.string(),
  variantes: z.array(imageVariantSchema),
  criadoEm: z.string(),
});
export type Image = z.infer<typeof imageSchema>;

export const imagesQuerySchema = z.object({
  uso: z.enum(IMAGE_USE_NAMES, { message: IMAGES_MSG.usoInvalido }).optional(),
  pagina: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const imageUploadQuerySchema = z.object({
  uso: z.enum(IMAGE_USE_NAMES, { message: IMAGES_MSG.usoInvalido }),
});
export const imagesResponseSchema = z.object({
  itens: z.array(imageSchema),
  total: z.number().int(),
  pagina: z.number().int(),
  porPagina: z.number().int(),
});
export type ImagesResponse = z.infer<typeof imagesResponseSchema>;

export { imageSources as fontesDaImagem } from '../imagem-constants';
