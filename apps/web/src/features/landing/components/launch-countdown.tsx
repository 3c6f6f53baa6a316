import { pad2 } from '../../../shared/lib/countdown';
import { useCountdown } from '../../../shared/lib/use-countdown';

/** 22 July 2025, 11:00 in São Paulo (spec 001 section 9). */
export const LAUNCH_TARGET = new Date('2025-07-22T11:00:00-03:00');

export function LaunchCountdown({ target = LAUNCH_TARGET }: { target?: Date }) {
  const { days, hours, minutes, seconds } = useCountdown(target);
  const units = [
    { value: days, label: 'Dias' },
    { value: hours, label: 'Horas' },
    { value: minutes, label: 'Minutos' },
    { value: seconds, label: 'Segundos' },
  ];
  return (
    <section className="landing-section countdown" aria-labelledby="contagem-titulo">
      <h2 id="contagem-titulo" className="section-title">
        Contagem regressiva
      </h2>
      <p className="countdown__date">22 de julho de 2025, às 11h</p>
      <div className="countdown__units" role="timer" aria-label="Tempo restante">
        {units.map((unit) => (
          <div key={unit.label} className="countdown__unit">
            <span className="countdown__value">{pad2(unit.value)}</span>
            <span className="countdown__label">{unit.label}</span>
          </div>
        ))}
      </div>
    </section>
  );
}
