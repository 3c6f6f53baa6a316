import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Imagem, ImagemUso, ImagensResponse } from '@legiao/contracts/admin/imagens';
import { http } from '../../../../shared/api/http';
import { uploadFile } from './upload-file';

/** GET /api/admin/imagens?uso=&pagina=: the picker's and the gallery's list. */
export const getImagens = (uso: ImagemUso | undefined, pagina: number, signal?: AbortSignal) => http<ImagensResponse>('/admin/imagens', { query: { uso, pagina }, signal });
export const imagensQueryKey = ['admin', 'imagens'] as const;
export const imagensQueryOptions = (uso: ImagemUso | undefined, pagina: number) =>
  queryOptions({ queryKey: [...imagensQueryKey, uso ?? 'todos', pagina], queryFn: ({ signal }) => getImagens(uso, pagina, signal), placeholderData: keepPreviousData });
export const useImagensQuery = (uso: ImagemUso | undefined, pagina: number) => useQuery(imagensQueryOptions(uso, pagina));

/** POST /api/admin/imagens?uso= (multipart): 201 new, 200 the same file was already there. */
export const enviarImagem = (file: File, uso: ImagemUso, onProgress?: (sent: number, total: number) => void) => uploadFile<Imagem>('/admin/imagens', file, { query: { uso }, onProgress });
