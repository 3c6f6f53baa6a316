import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { GateState } from '../lib/waiting-room-controller';
import { useWaitingRoom } from './waiting-room-context';

const CONNECTING: GateState = { phase: 'conectando' };
const noSubscribe = () => () => {};

/**
 * The login page's view of the waiting room: joins the queue while mounted and returns what to
 * show, plus `rejoin` for a login refused for want of a valid ticket.
 */
export function useWaitingRoomGate(): { state: GateState; rejoin: () => void } {
  const { controller, ensure } = useWaitingRoom();
  useEffect(() => ensure(), [ensure]);
  useEffect(() => controller?.openGate(), [controller]);
  const state = useSyncExternalStore(controller?.subscribe ?? noSubscribe, () => controller?.gateState ?? CONNECTING);
  const rejoin = useCallback(() => controller?.rejoin(), [controller]);
  return { state, rejoin };
}
