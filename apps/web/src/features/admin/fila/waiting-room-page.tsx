import { ErrorState, LoadingState, PageHeader } from '../ui/index';
import { WaitingRoomSchedules } from './components/waiting-room-schedules';
import { WaitingRoomControls } from './components/waiting-room-controls';
import { WaitingRoomNumbers } from './components/waiting-room-numbers';
import { dateTime } from './lib/formatar';
import { useWaitingRoomPanel, type Connection } from './lib/use-waiting-room-panel';
import '../ordenacao/formularios.css';
import './fila.css';

const CONNECTION: Record<Connection, string> = { conectando: 'Conectando...', 'ao-vivo': 'Ao vivo', reconectando: 'Reconectando...', recusada: 'Desconectado' };

/** /admin/fila: the waiting room live, its limits, pause/resume and scheduled changes (ADR 0029). */
export function WaitingRoomPage() {
  const panel = useWaitingRoomPanel();
  return (
    <>
      <PageHeader
        title="Sala de espera"
        description="Quantos esperam e entram agora, os limites de entrada e as mudanças agendadas."
        actions={
          <span className={`fila-ao-vivo fila-ao-vivo--${panel.connection}`} role="status" aria-live="polite" title={panel.em ? `Atualizado às ${dateTime(panel.em)}` : undefined}>
            {CONNECTION[panel.connection]}
          </span>
        }
      />
      {panel.connection === 'recusada' ? (
        <ErrorState title="Sem acesso ao painel" message={panel.erro ?? undefined} />
      ) : !panel.estado ? (
        <LoadingState label="Conectando ao painel ao vivo..." />
      ) : (
        <div className="fila-painel">
          <WaitingRoomNumbers estado={panel.estado} />
          <WaitingRoomControls estado={panel.estado} onState={panel.apply} />
          <WaitingRoomSchedules agendamentos={panel.agendamentos} />
        </div>
      )}
    </>
  );
}
