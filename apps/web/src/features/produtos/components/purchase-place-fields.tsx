import { PURCHASE_PLACES } from '@legiao/contracts/produto';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { SelectField } from '../../../shared/ui/select-field';
import { TextField } from '../../../shared/ui/text-field';

interface PurchasePlaceFieldsProps {
  local: UseFormRegisterReturn;
  outro: UseFormRegisterReturn;
  showOther: boolean;
  localError?: string;
  otherError?: string;
}

/** 'Onde você comprou?' and, for 'Outro', the free-text 'Qual loja?' that replaces it. */
export function PurchasePlaceFields({ local, outro: other, showOther, localError, otherError }: PurchasePlaceFieldsProps) {
  return (
    <>
      <SelectField label="Onde você comprou?" error={localError} {...local}>
        <option value="">Selecione</option>
        {PURCHASE_PLACES.map((l) => (
          <option key={l.value} value={l.value}>
            {l.label}
          </option>
        ))}
      </SelectField>
      {showOther ? (
        <TextField label="Qual loja?" maxLength={80} autoComplete="off" error={otherError} {...other} />
      ) : null}
    </>
  );
}
