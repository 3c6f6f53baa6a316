import { SelectField } from '../../../shared/ui/select-field';
import { filterYears, activeFilter, MONTHS, type FilterStatement } from '../lib/statement-filters';

interface StatementFilterProps {
  filter: FilterStatement;
  onChange: (filter: FilterStatement) => void;
}

const numberOrNothing = (value: string) => (value === '' ? undefined : Number(value));

/** Month and year selects; 'Ver tudo' clears both (spec 001 section 2.19). */
export function StatementFilter({ filter: filter, onChange }: StatementFilterProps) {
  return (
    <form className="extrato-filtro" role="search" aria-label="Filtrar extrato" onSubmit={(e) => e.preventDefault()}>
      <SelectField label="Mês" value={filter.mes ?? ''} onChange={(e) => onChange({ ...filter, mes: numberOrNothing(e.target.value) })}>
        <option value="">Todos os meses</option>
        {MONTHS.map((name, i) => (
          <option key={name} value={i + 1}>
            {name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Ano" value={filter.ano ?? ''} onChange={(e) => onChange({ ...filter, ano: numberOrNothing(e.target.value) })}>
        <option value="">Todos os anos</option>
        {filterYears().map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </SelectField>
      <button type="button" className="button button--ghost" disabled={!activeFilter(filter)} onClick={() => onChange({})}>
        Ver tudo
      </button>
    </form>
  );
}
