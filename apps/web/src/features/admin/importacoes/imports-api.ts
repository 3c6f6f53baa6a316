import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Import, ImportList, ImportKind } from '@legiao/contracts/admin/importacoes';
import { MSG } from '@legiao/contracts/messages';
import { ApiError, firstErrorMessage } from '../../../shared/api/api-error';
import { API_BASE, buildUrl, handleUnauthorized, http } from '../../../shared/api/http';
import { getToken } from '../../../shared/session/session';

// The imports' calls (docs/decisions/0032-back-office-imports.md).

export const importsKey = ['admin', 'importacoes'] as const;

/** GET /api/admin/importacoes?tipo=&pagina=: the history, newest first. */
export const useHistoryQuery = (kind: ImportKind, page: number) =>
  useQuery({
    queryKey: [...importsKey, 'lista', kind, page],
    queryFn: ({ signal }) => http<ImportList>('/admin/importacoes', { signal, query: { tipo: kind, pagina: page } }),
    placeholderData: keepPreviousData,
    // An import being applied moves on its own: the history follows it.
    refetchInterval: (q) => (q.state.data?.itens.some((i) => i.estado === 'aplicando') ? 2000 : false),
  });

/** GET /api/admin/importacoes/{id}, read every second while it is applied (the progress bar). */
export const useImportQuery = (id: string | null) =>
  useQuery({
    queryKey: [...importsKey, 'uma', id],
    queryFn: ({ signal }) => http<Import>(`/admin/importacoes/${id}`, { signal }),
    enabled: Boolean(id),
    refetchInterval: (q) => (q.state.data?.estado === 'aplicando' ? 1000 : false),
  });

export const applyImport = (id: string) => http<Import>(`/admin/importacoes/${id}/aplicar`, { method: 'POST' });

/**
 * POST /api/admin/importacoes?tipo= (multipart: "mapeamento" then "arquivo"). XMLHttpRequest for the
 * upload progress; the browser streams the file from disk.
 */
export function uploadImport(kind: ImportKind, file: File, mapping: Record<string, string>, onProgress: (sent: number, total: number) => void): Promise<Import> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl('/admin/importacoes', { tipo: kind }));
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded, e.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as Import);
      if (xhr.status === 401 && token) handleUnauthorized();
      reject(new ApiError(xhr.status, firstErrorMessage(body) ?? MSG.fallback, body));
    };
    xhr.onerror = () => reject(new ApiError(0, MSG.fallback));
    const form = new FormData();
    form.append('mapeamento', JSON.stringify(mapping));
    form.append('arquivo', file, file.name);
    xhr.send(form);
  });
}

/** The report CSV needs the bearer token: fetched, then handed to the browser's download. */
export async function downloadReport(imp: Pick<Import, 'id' | 'arquivo'>) {
  const res = await fetch(`${API_BASE}/admin/importacoes/${imp.id}/relatorio.csv`, { headers: { authorization: `Bearer ${getToken() ?? ''}` } });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { errors?: { message: string }[] } | null;
    throw new ApiError(res.status, body?.errors?.[0]?.message ?? 'Não foi possível baixar o relatório.', body);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `relatorio-${imp.arquivo.replace(/\.[^.]*$/, '')}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The file's header, read from its first 64 KB (the rest stays on disk): `;`, `,` or tab, quotes stripped. */
export async function readHeader(file: File): Promise<string[]> {
  const text = (await file.slice(0, 64 * 1024).text()).replace(/^\uFEFF/, '');
  const first = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  const sep = [';', '\t', ','].map((s) => [s, first.split(s).length] as const).sort((a, b) => b[1] - a[1])[0]![0];
  return first.split(sep).map((h) => h.trim().replace(/^"(.*)"$/, '$1').replace(/""/g, '"'));
}
