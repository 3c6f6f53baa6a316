import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { GateState } from '../lib/fila-controller';
import { useFila } from './fila-context';

const CONECTANDO: GateState = { fase: 'conectando' };
const noSubscribe = () => () => {};

/**
 * The login page's view of the waiting room: joins the queue while mounted and returns what to
 * show, plus `rejoin` for a login refused for want of a valid ticket.
 */
export function useFilaGate(): { state: GateState; rejoin: () => void } {
  const { controller, ensure } = useFila();
  useEffect(() => ensure(), [ensure]);
  useEffect(() => controller?.openGate(), [controller]);
  const state = useSyncExternalStore(controller?.subscribe ?? noSubscribe, () => controller?.gateState ?? CONECTANDO);
  const rejoin = useCallback(() => controller?.rejoin(), [controller]);
  return { state, rejoin };
}
