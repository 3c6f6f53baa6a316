import { getWaitingRoomClientId } from './client-id';
import { WaitingRoomController, type WaitingRoomControllerOptions } from './waiting-room-controller';
import { waitingRoomSocketUrl } from './waiting-room-url';

/**
 * The app's controller, on this page's origin with this browser's clientId. Loaded on demand
 * (fila-provider.tsx): it brings the contract's zod schemas, which the first paint of public
 * pages does without.
 */
export function createWaitingRoomController(options: Omit<WaitingRoomControllerOptions, 'url' | 'clientId'>): WaitingRoomController {
  return new WaitingRoomController({ url: waitingRoomSocketUrl(), clientId: getWaitingRoomClientId(), ...options });
}
