import { ApiError, firstErrorMessage } from './api-error';
import { buildUrl, handleUnauthorized, type QueryValue } from './http';
import { getToken } from '../session/session';

/** Hands bytes to the browser's download as a file (the object URL freed once the click has read it). */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export interface DownloadOptions {
  /** The file's name; without it, the server's (Content-Disposition), else `fallbackName`. */
  fileName?: string;
  fallbackName?: string;
  /** The message when the server gives none. */
  failure: string;
  query?: Record<string, QueryValue>;
}

/**
 * A file the API makes (a CSV export): it needs the bearer token, which a plain link would not carry,
 * so it is fetched and saved as it came (a CSV's BOM kept, so a spreadsheet reads the accents). A
 * refusal throws an ApiError with the server's message; a 401 ends the session as http() does.
 */
export async function downloadFile(path: string, opts: DownloadOptions) {
  const token = getToken();
  const res = await fetch(buildUrl(path, opts.query), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    if (res.status === 401 && token) handleUnauthorized();
    const body: unknown = await res.json().catch(() => null);
    throw new ApiError(res.status, firstErrorMessage(body) ?? opts.failure, body);
  }
  const named = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  saveBlob(await res.blob(), opts.fileName ?? named ?? opts.fallbackName ?? 'arquivo');
}
