import { getFilaClientId } from './client-id';
import { FilaController, type FilaControllerOptions } from './fila-controller';
import { filaSocketUrl } from './fila-url';

/**
 * The app's controller, on this page's origin with this browser's clientId. Loaded on demand
 * (fila-provider.tsx): it brings the contract's zod schemas, which the first paint of public
 * pages does without.
 */
export function createFilaController(options: Omit<FilaControllerOptions, 'url' | 'clientId'>): FilaController {
  return new FilaController({ url: filaSocketUrl(), clientId: getFilaClientId(), ...options });
}
