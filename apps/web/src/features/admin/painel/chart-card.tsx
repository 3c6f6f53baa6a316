import { useId, type ReactNode } from 'react';
import { downloadCsv, toCsv, type CsvColumn } from './csv';

/** The console's chart palette (app/styles/base.css): accent, amber, success, muted, text. */
export const COLORS = { red: '#e4002b', amber: '#f2a900', green: '#2fbf71', grey: '#b8b8b8', white: '#f5f5f5', grid: '#333' } as const;
export const AXIS = { tick: { fill: COLORS.grey, fontSize: 12 }, stroke: COLORS.grid } as const;
export const TOOLTIP = {
  contentStyle: { background: '#171717', border: `1px solid ${COLORS.grid}`, borderRadius: 8, color: COLORS.white },
  labelStyle: { color: COLORS.white },
  cursor: { fill: 'rgba(255,255,255,0.06)' },
} as const;

/**
 * One chart: its title, what it counts, the CSV of exactly the numbers drawn, and the chart. The
 * figure is labelled by the title; a table-shaped CSV is the accessible way to the numbers.
 */
export function ChartCard<T>({ title, description, csv, children, wide }: { title: string; description?: string; csv: { filename: string; columns: CsvColumn<T>[]; rows: T[] }; children: ReactNode; wide?: boolean }) {
  const id = useId();
  return (
    <section className={`painel-grafico${wide ? ' painel-grafico--largo' : ''}`} aria-labelledby={id} data-testid={`grafico-${csv.filename.replace(/\.csv$/, '')}`}>
      <header className="painel-grafico__cabecalho">
        <div>
          <h2 id={id}>{title}</h2>
          {description && <p>{description}</p>}
        </div>
        <button type="button" className="admin-btn admin-btn--pequeno" onClick={() => downloadCsv(csv.filename, toCsv(csv.columns, csv.rows))} aria-label={`Exportar CSV: ${title}`}>
          Exportar CSV
        </button>
      </header>
      {csv.rows.length === 0 ? <p className="painel-grafico__vazio">Sem dados no período.</p> : <div className="painel-grafico__corpo">{children}</div>}
    </section>
  );
}
