import { onlyDigits } from '@legiao/contracts/cpf';
import { MSG } from '@legiao/contracts/messages';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

/** GET /usuario/valid-cpf?cpf=: answers the plain text 'CPF existe' when the CPF is registered. */
export async function isCpfRegistered(cpf: string): Promise<boolean> {
  const answer = await http<unknown>('/usuario/valid-cpf', { query: { cpf: onlyDigits(cpf) } });
  const text =
    typeof answer === 'string'
      ? answer
      : answer && typeof answer === 'object' && 'message' in answer
        ? String(answer.message)
        : '';
  return text.trim() === MSG.cpfExiste;
}

export function useIsCpfRegistered() {
  return useMutation({ mutationFn: isCpfRegistered });
}
