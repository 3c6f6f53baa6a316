import { LOCAIS_COMPRA } from '@legiao/contracts/produto';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SelectField } from '../../../shared/ui/select-field';
import { TextField } from '../../../shared/ui/text-field';

interface LocalCompraFieldsProps {
  local: UseFormRegisterReturn;
  outro: UseFormRegisterReturn;
  mostrarOutro: boolean;
  erroLocal?: string;
  erroOutro?: string;
}

/** 'Onde você comprou?' and, for 'Outro', the free-text 'Qual loja?' that replaces it. */
export function LocalCompraFields({ local, outro, mostrarOutro, erroLocal, erroOutro }: LocalCompraFieldsProps) {
  return (
    <>
      <SelectField label="Onde você comprou?" error={erroLocal} {...local}>
        <option value="">Selecione</option>
        {LOCAIS_COMPRA.map((l) => (
          <option key={l.value} value={l.value}>
            {l.label}
          </option>
        ))}
      </SelectField>
      {mostrarOutro ? (
        <TextField label="Qual loja?" maxLength={80} autoComplete="off" error={erroOutro} {...outro} />
      ) : null}
    </>
  );
}
