import { MSG } from '@legiao/contracts/messages';
import { ApiError, firstErrorMessage } from '../../../../shared/api/api-error';
import { buildUrl, handleUnauthorized } from '../../../../shared/api/http';
import { getToken } from '../../../../shared/session/session';

/**
 * Sends one file as multipart/form-data (field `arquivo`) and reports the bytes sent: fetch has no
 * upload progress, XMLHttpRequest does. The file is streamed by the browser from disk, never read
 * into memory here. Errors come back as ApiError with the server's Portuguese message.
 */
export function uploadFile<T>(path: string, file: File, options: { query?: Record<string, string | number | undefined>; onProgress?: (sent: number, total: number) => void; signal?: AbortSignal } = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path, options.query));
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(e.loaded, e.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      // As every other call: a token the server no longer accepts ends the session.
      if (xhr.status === 401 && token) handleUnauthorized();
      reject(new ApiError(xhr.status, firstErrorMessage(body) ?? MSG.fallback, body));
    };
    xhr.onerror = () => reject(new ApiError(0, MSG.fallback));
    xhr.onabort = () => reject(new ApiError(0, 'Envio cancelado.'));
    options.signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('arquivo', file, file.name);
    xhr.send(form);
  });
}
