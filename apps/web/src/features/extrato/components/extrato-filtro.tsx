import { SelectField } from '../../../shared/ui/select-field';
import { anosDoFiltro, filtroAtivo, MESES, type FiltroExtrato } from '../lib/filtro-extrato';

interface ExtratoFiltroProps {
  filtro: FiltroExtrato;
  onChange: (filtro: FiltroExtrato) => void;
}

const numeroOuNada = (valor: string) => (valor === '' ? undefined : Number(valor));

/** Month and year selects; 'Ver tudo' clears both (spec 001 section 2.19). */
export function ExtratoFiltro({ filtro, onChange }: ExtratoFiltroProps) {
  return (
    <form className="extrato-filtro" role="search" aria-label="Filtrar extrato" onSubmit={(e) => e.preventDefault()}>
      <SelectField label="Mês" value={filtro.mes ?? ''} onChange={(e) => onChange({ ...filtro, mes: numeroOuNada(e.target.value) })}>
        <option value="">Todos os meses</option>
        {MESES.map((nome, i) => (
          <option key={nome} value={i + 1}>
            {nome}
          </option>
        ))}
      </SelectField>
      <SelectField label="Ano" value={filtro.ano ?? ''} onChange={(e) => onChange({ ...filtro, ano: numeroOuNada(e.target.value) })}>
        <option value="">Todos os anos</option>
        {anosDoFiltro().map((ano) => (
          <option key={ano} value={ano}>
            {ano}
          </option>
        ))}
      </SelectField>
      <button type="button" className="button button--ghost" disabled={!filtroAtivo(filtro)} onClick={() => onChange({})}>
        Ver tudo
      </button>
    </form>
  );
}
