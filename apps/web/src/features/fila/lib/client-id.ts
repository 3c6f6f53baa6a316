import { WAITING_ROOM_CLIENT_ID_PATTERN } from '@legiao/contracts/fila-constants';

/**
 * localStorage key of this browser's place in the waiting room (ADR 0008). Not a session key: a
 * logout keeps it, so the browser is the same client next time.
 */
export const WAITING_ROOM_CLIENT_ID_KEY = 'filaClientId';

/** Kept for the page's life when storage is unavailable (private mode, sandboxed iframe). */
let memoryId: string | null = null;

function randomId(): string {
  // randomUUID exists only in secure contexts (https, localhost); getRandomValues everywhere.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The stored clientId, created on first use. A stored value the contract rejects is replaced. */
export function getWaitingRoomClientId(): string {
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null;
  }
  const stored = storage?.getItem(WAITING_ROOM_CLIENT_ID_KEY);
  if (stored && WAITING_ROOM_CLIENT_ID_PATTERN.test(stored)) return stored;
  // Storage emptied while the page lives (or unavailable): keep this page's id, so the place too.
  const id = memoryId ?? randomId();
  memoryId = id;
  try {
    storage?.setItem(WAITING_ROOM_CLIENT_ID_KEY, id);
  } catch {
    // quota or disabled storage: the in-memory id still works for this page
  }
  return id;
}
