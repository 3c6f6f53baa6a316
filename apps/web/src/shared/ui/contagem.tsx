import { pad2, type TimeParts } from '../lib/countdown';
import './contagem.css';

/** Days/hours/minutes/seconds boxes of a countdown (the ticking lives in useCountdown). */
export function Contagem({ tempo, rotulo = 'Tempo restante' }: { tempo: TimeParts; rotulo?: string }) {
  const unidades = [
    { valor: tempo.days, nome: 'Dias' },
    { valor: tempo.hours, nome: 'Horas' },
    { valor: tempo.minutes, nome: 'Min' },
    { valor: tempo.seconds, nome: 'Seg' },
  ];
  return (
    <div className="contagem" role="timer" aria-label={rotulo}>
      {unidades.map((u) => (
        <span key={u.nome} className="contagem__unidade">
          <span className="contagem__valor">{pad2(u.valor)}</span>
          <span className="contagem__nome">{u.nome}</span>
        </span>
      ))}
    </div>
  );
}
