import { WAITING_ROOM_WS_PATH } from '@legiao/contracts/fila-constants';

/** The hub on the page's own origin: wss:// under https, ws:// otherwise. */
export function waitingRoomSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${WAITING_ROOM_WS_PATH}`;
}
