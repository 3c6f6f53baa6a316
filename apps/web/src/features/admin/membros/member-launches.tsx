import { Link } from 'react-router';
import type { MemberDetail } from '@legiao/contracts/admin/membros';
import { saoPauloText } from '../../../shared/lib/sao-paulo-time';
import { useStaff } from '../ui/index';

/**
 * The launches (published, not yet public) and this member's place in each: eligible or not, each
 * condition met or not with what is missing, and the units used of the allowance (ADR 0047). Support
 * answers "why can't I buy early?" from here.
 */
export function MemberLaunches({ lancamentos: launches }: { lancamentos: MemberDetail['lancamentos'] }) {
  const canOpen = useStaff().can('content.read');
  if (launches.length === 0) return <p>Nenhum lançamento publicado à espera da data pública.</p>;
  return (
    <ul className="membros-lancamentos">
      {launches.map((l) => (
        <li key={l.id}>
          <h3>
            {canOpen ? <Link to={`/admin/lancamentos/${l.id}`}>{l.nome}</Link> : l.nome}{' '}
            <span className={`admin-selo ${l.elegivel ? 'admin-selo--verde' : 'admin-selo--vermelho'}`}>{l.elegivel ? 'Elegível' : 'Não elegível'}</span>
          </h3>
          <p>
            {l.elegivel ? `Acesso antecipado a partir de ${saoPauloText(l.acessoInicio)}` : `Compra na data pública, ${saoPauloText(l.dataPublica)}`} (horário de São Paulo) · {l.cotaUsada} unidade(s) da cota usada(s)
          </p>
          <ul className="membros-lista-curta">
            {l.motivos.map((m, i) => (
              <li key={i}>
                {m.atendida ? 'Atende' : 'Não atende'}: {m.descricao}
                {!m.atendida && m.dica ? ` ${m.dica}` : ''}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
