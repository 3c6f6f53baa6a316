import { INTEGRATION_KEY_STATE_LABELS, type IntegrationKey } from '@legiao/contracts/admin/integracoes';
import { INTEGRATION_SCOPE_LABELS, INTEGRATION_SCOPES, type IntegrationScope } from '@legiao/contracts/integracao/constants';

// How the Integrações screens write dates, keys and orders. Dates are the brand's (São Paulo), as
// the rest of the back office's reports: a rotation window read by two people reads the same.

const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' });

/** '27/11/2026, 14:05', or '—' when there is none. */
export const formatDateTime = (iso: string | null | undefined) => (iso ? dateTimeFormat.format(new Date(iso)) : '—');

/** When and from where a client (or key) was last used. */
export function lastUseText(at: string | null, address?: string | null): string {
  if (!at) return 'Nunca usada';
  return address ? `${formatDateTime(at)} · de ${address}` : formatDateTime(at);
}

/** A key's state as people read it: a key in rotation says until when it still works. */
export function keyStateText(key: Pick<IntegrationKey, 'estado' | 'expiraEm' | 'revogadaEm'>): string {
  if (key.estado === 'em-rotacao') return `${INTEGRATION_KEY_STATE_LABELS['em-rotacao']}: vale até ${formatDateTime(key.expiraEm)}`;
  if (key.estado === 'expirada') return `${INTEGRATION_KEY_STATE_LABELS.expirada} em ${formatDateTime(key.expiraEm)}`;
  if (key.estado === 'revogada') return `${INTEGRATION_KEY_STATE_LABELS.revogada} em ${formatDateTime(key.revogadaEm)}`;
  return INTEGRATION_KEY_STATE_LABELS.ativa;
}

/** The badge colour of a key's state (admin-selo--*). */
export const KEY_STATE_TONE: Record<IntegrationKey['estado'], string> = { ativa: 'admin-selo--verde', 'em-rotacao': 'admin-selo--ambar', expirada: '', revogada: 'admin-selo--vermelho' };

/** Scopes in their fixed order, as the short wire names (the labels are long). */
export const sortedScopes = (scopes: readonly string[]): IntegrationScope[] => INTEGRATION_SCOPES.filter((s) => scopes.includes(s));

export const scopeLabel = (scope: IntegrationScope) => INTEGRATION_SCOPE_LABELS[scope];
