import { createContext, useContext } from 'react';
import type { WaitingRoomController } from '../lib/waiting-room-controller';

export interface WaitingRoomContextValue {
  /** The app's one waiting-room controller; null until its code has loaded. */
  controller: WaitingRoomController | null;
  /** Loads the controller (the login page needs it even when nobody is logged in). */
  ensure: () => void;
}

export const WaitingRoomContext = createContext<WaitingRoomContextValue>({ controller: null, ensure: () => {} });

export function useWaitingRoom(): WaitingRoomContextValue {
  return useContext(WaitingRoomContext);
}
