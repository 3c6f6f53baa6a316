import { FILA_WS_PATH } from '@legiao/contracts/fila-constantes';

/** The hub on the page's own origin: wss:// under https, ws:// otherwise. */
export function filaSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${FILA_WS_PATH}`;
}
