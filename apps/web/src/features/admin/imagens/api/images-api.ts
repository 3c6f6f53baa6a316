import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Image, ImageUse, ImagesResponse } from '@legiao/contracts/admin/images';
import { http } from '../../../../shared/api/http';
import { uploadFile } from './upload-file';

/** GET /api/admin/imagens?uso=&pagina=: the picker's and the gallery's list. */
export const getImages = (use: ImageUse | undefined, page: number, signal?: AbortSignal) => http<ImagesResponse>('/admin/imagens', { query: { uso: use, pagina: page }, signal });
export const imagesQueryKey = ['admin', 'imagens'] as const;
export const imagesQueryOptions = (use: ImageUse | undefined, page: number) =>
  queryOptions({ queryKey: [...imagesQueryKey, use ?? 'todos', page], queryFn: ({ signal }) => getImages(use, page, signal), placeholderData: keepPreviousData });
export const useImagesQuery = (use: ImageUse | undefined, page: number) => useQuery(imagesQueryOptions(use, page));

/** POST /api/admin/imagens?uso= (multipart): 201 new, 200 the same file was already there. */
export const uploadImage = (file: File, use: ImageUse, onProgress?: (sent: number, total: number) => void) => uploadFile<Image>('/admin/imagens', file, { query: { uso: use }, onProgress });
