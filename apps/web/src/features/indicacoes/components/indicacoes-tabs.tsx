import { INDICACAO_MSG, type IndicacaoResumo } from '@legiao/contracts/indicacao';
import { Tabs, type Aba } from '../../../shared/ui/tabs';

type Chave = 'confirmados' | 'pendentes';
const CHAVES: readonly Chave[] = ['confirmados', 'pendentes'];

const ROTULO: Record<Chave, string> = { confirmados: 'CONFIRMADOS', pendentes: 'PENDENTES' };
const VAZIO: Record<Chave, string> = { confirmados: INDICACAO_MSG.nenhumConfirmado, pendentes: INDICACAO_MSG.nenhumPendente };

/** CONFIRMADOS / PENDENTES with counts and e-mails (spec 001 section 2.18), on the shared ARIA tabs. */
export function IndicacoesTabs({ resumo }: { resumo: IndicacaoResumo }) {
  const dados: Record<Chave, { total: number; emails: string[] }> = {
    confirmados: { total: resumo.confirmados, emails: resumo.emailsConfirmados },
    pendentes: { total: resumo.pendentes, emails: resumo.emailsPendentes },
  };
  const abas: Aba[] = CHAVES.map((chave) => ({
    id: chave,
    rotulo: (
      <>
        {ROTULO[chave]} <span className="abas__contagem">({dados[chave].total})</span>
      </>
    ),
    conteudo: dados[chave].emails.length ? (
      <ul className="abas__emails">
        {dados[chave].emails.map((email, i) => (
          <li key={`${email}-${i}`}>{email}</li>
        ))}
      </ul>
    ) : (
      <p className="abas__vazio">{VAZIO[chave]}</p>
    ),
  }));
  return <Tabs abas={abas} rotulo="Minhas indicações" />;
}
