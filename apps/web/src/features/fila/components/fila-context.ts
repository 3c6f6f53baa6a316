import { createContext, useContext } from 'react';
import type { FilaController } from '../lib/fila-controller';

export interface FilaContextValue {
  /** The app's one waiting-room controller; null until its code has loaded. */
  controller: FilaController | null;
  /** Loads the controller (the login page needs it even when nobody is logged in). */
  ensure: () => void;
}

export const FilaContext = createContext<FilaContextValue>({ controller: null, ensure: () => {} });

export function useFila(): FilaContextValue {
  return useContext(FilaContext);
}
