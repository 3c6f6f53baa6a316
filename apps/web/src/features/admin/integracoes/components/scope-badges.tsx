import { INTEGRATION_SCOPE_LABELS, type IntegrationScope } from '@legiao/contracts/integracao/constants';
import { sortedScopes } from '../lib/format';

/** A client's scopes as short badges (the wire name), the full sentence on hover and for screen readers. */
export function ScopeBadges({ escopos }: { escopos: readonly IntegrationScope[] }) {
  return (
    <span className="admin-selos">
      {sortedScopes(escopos).map((scope) => (
        <span key={scope} className="admin-selo" title={INTEGRATION_SCOPE_LABELS[scope]}>
          <span aria-hidden="true">{scope}</span>
          <span className="visually-hidden">{INTEGRATION_SCOPE_LABELS[scope]}</span>
        </span>
      ))}
    </span>
  );
}
