import { REFERRAL_MSG, type ReferralSummary } from '@legiao/contracts/indicacao';
import { Tabs, type Tab } from '../../../shared/ui/tabs';

type Key = 'confirmados' | 'pendentes';
const KEYS: readonly Key[] = ['confirmados', 'pendentes'];

const LABEL: Record<Key, string> = { confirmados: 'CONFIRMADOS', pendentes: 'PENDENTES' };
const EMPTY: Record<Key, string> = { confirmados: REFERRAL_MSG.nenhumConfirmado, pendentes: REFERRAL_MSG.nenhumPendente };

/** CONFIRMADOS / PENDENTES with counts and e-mails (spec 001 section 2.18), on the shared ARIA tabs. */
export function ReferralsTabs({ summary }: { summary: ReferralSummary }) {
  const data: Record<Key, { total: number; emails: string[] }> = {
    confirmados: { total: summary.confirmados, emails: summary.emailsConfirmados },
    pendentes: { total: summary.pendentes, emails: summary.emailsPendentes },
  };
  const tabs: Tab[] = KEYS.map((key) => ({
    id: key,
    rotulo: (
      <>
        {LABEL[key]} <span className="abas__contagem">({data[key].total})</span>
      </>
    ),
    content: data[key].emails.length ? (
      <ul className="abas__emails">
        {data[key].emails.map((email, i) => (
          <li key={`${email}-${i}`}>{email}</li>
        ))}
      </ul>
    ) : (
      <p className="abas__vazio">{EMPTY[key]}</p>
    ),
  }));
  return <Tabs abas={tabs} rotulo="Minhas indicações" />;
}
