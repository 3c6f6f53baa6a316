import { useEffect, useState, type ReactNode } from 'react';
import { useWaitingRoomGate } from '../../fila/components/use-waiting-room-gate';
import { GateLoader, WaitingRoom } from '../../fila/components/waiting-room';

/** How long a tiny loader may stand in before the waiting room shows (no flash when there is room). */
export const GATE_LOADER_MS = 300;

export interface Admission {
  /** The waiting room's admission ticket for POST /auth/login; undefined when the hub was unreachable. */
  ticket?: string;
  /** Login refused for want of a valid ticket (403 FILA_*): back to the waiting room. */
  rejoin: () => void;
}

/**
 * The waiting room sits in front of the login form (spec 000 section 2): the form shows only
 * once the queue lets this browser in, and gets the admission ticket to send with the login.
 */
export function LoginGate({ children }: { children: (admission: Admission) => ReactNode }) {
  const { state, rejoin } = useWaitingRoomGate();
  const connecting = state.phase === 'conectando';
  // Each wait for a first answer gets the loader for up to 300 ms, then the waiting room. The
  // reset happens during render, so re-entering the wait never flashes the room for a frame.
  const [wasConnecting, setWasConnecting] = useState(connecting);
  const [loaderDone, setLoaderDone] = useState(false);
  if (connecting !== wasConnecting) {
    setWasConnecting(connecting);
    if (connecting) setLoaderDone(false);
  }

  useEffect(() => {
    if (!connecting) return;
    const timer = window.setTimeout(() => setLoaderDone(true), GATE_LOADER_MS);
    return () => window.clearTimeout(timer);
  }, [connecting]);

  if (state.phase === 'formulario') return children({ ticket: state.ticket ?? undefined, rejoin });
  if (connecting && !loaderDone) return <GateLoader />;
  return <WaitingRoom state={state} />;
}
