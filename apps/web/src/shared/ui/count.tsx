import { pad2, type TimeParts } from '../lib/countdown';
import './contagem.css';

/** Days/hours/minutes/seconds boxes of a countdown (the ticking lives in useCountdown). */
export function Count({ time, rotulo: label = 'Tempo restante' }: { time: TimeParts; rotulo?: string }) {
  const units = [
    { valor: time.days, nome: 'Dias' },
    { valor: time.hours, nome: 'Horas' },
    { valor: time.minutes, nome: 'Min' },
    { valor: time.seconds, nome: 'Seg' },
  ];
  return (
    <div className="contagem" role="timer" aria-label={label}>
      {units.map((u) => (
        <span key={u.nome} className="contagem__unidade">
          <span className="contagem__valor">{pad2(u.valor)}</span>
          <span className="contagem__nome">{u.nome}</span>
        </span>
      ))}
    </div>
  );
}
