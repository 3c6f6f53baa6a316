import type { MyData } from '@legiao/contracts/lgpd';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

/** GET /usuario/meus-dados: everything the portal keeps about the member. */
export function getMyData(): Promise<MyData> {
  return http<MyData>('/usuario/meus-dados');
}

/** Saves the export as a .json file (the browser's download, no new page). */
export function saveAsFile(data: MyData) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `meus-dados-legiao-${data.geradoEm.slice(0, 10)}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: async () => saveAsFile(await getMyData()) });
}
