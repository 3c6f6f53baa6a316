import { ErrorState, LoadingState, PageHeader } from '../ui';
import { FilaAgendamentos } from './components/fila-agendamentos';
import { FilaControles } from './components/fila-controles';
import { FilaNumeros } from './components/fila-numeros';
import { dataHora } from './lib/formatar';
import { useFilaPainel, type Conexao } from './lib/use-fila-painel';
import '../ordenacao/formularios.css';
import './fila.css';

const CONEXAO: Record<Conexao, string> = { conectando: 'Conectando...', 'ao-vivo': 'Ao vivo', reconectando: 'Reconectando...', recusada: 'Desconectado' };

/** /admin/fila: the waiting room live, its limits, pause/resume and scheduled changes (ADR 0029). */
export function FilaPage() {
  const painel = useFilaPainel();
  return (
    <>
      <PageHeader
        title="Sala de espera"
        description="Quantos esperam e entram agora, os limites de entrada e as mudanças agendadas."
        actions={
          <span className={`fila-ao-vivo fila-ao-vivo--${painel.conexao}`} role="status" aria-live="polite" title={painel.em ? `Atualizado às ${dataHora(painel.em)}` : undefined}>
            {CONEXAO[painel.conexao]}
          </span>
        }
      />
      {painel.conexao === 'recusada' ? (
        <ErrorState title="Sem acesso ao painel" message={painel.erro ?? undefined} />
      ) : !painel.estado ? (
        <LoadingState label="Conectando ao painel ao vivo..." />
      ) : (
        <div className="fila-painel">
          <FilaNumeros estado={painel.estado} />
          <FilaControles estado={painel.estado} onEstado={painel.aplicar} />
          <FilaAgendamentos agendamentos={painel.agendamentos} />
        </div>
      )}
    </>
  );
}
