import { MSG, UFS } from '@legiao/contracts';
import { SelectField, type SelectFieldProps } from './select-field';

/**
 * Shown when the postal-code service can't be reached (GET /cep answers 503): the member then
 * types the address the lookup would have filled, instead of being stuck (issue 14). role="status"
 * so screen readers announce it.
 */
export function CepUnavailableNotice() {
  return (
    <p className="form__intro form__full" role="status">
      {MSG.cepIndisponivel}
    </p>
  );
}

/** The state of an address typed by hand: the 27 UFs. */
export function UfSelect(props: Omit<SelectFieldProps, 'label' | 'children'>) {
  return (
    <SelectField label="Estado" {...props}>
      <option value="">Selecione</option>
      {UFS.map((uf) => (
        <option key={uf} value={uf}>
          {uf}
        </option>
      ))}
    </SelectField>
  );
}
