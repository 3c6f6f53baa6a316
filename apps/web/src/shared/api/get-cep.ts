import type { CepResponse } from '@legiao/contracts/cep';
import { onlyDigits } from '@legiao/contracts/cpf';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { http } from './http';

export interface Address {
  endereco: string;
  cidade: string;
  uf: string;
}

/** Why a CEP lookup failed: not found/invalid (the postal service said so) or anything else. */
export class CepError extends Error {
  constructor(
    readonly kind: 'invalido' | 'falha',
    message: string,
  ) {
    super(message);
    this.name = 'CepError';
  }
}

/** GET /cep/{cep}: the address of a CEP, or a CepError. */
export async function getCep(cep: string): Promise<Address> {
  const digits = onlyDigits(cep);
  if (digits.length !== 8) throw new CepError('invalido', 'CEP inválido');
  let data: CepResponse;
  try {
    data = await http<CepResponse>(`/cep/${digits}`);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 404)) {
      throw new CepError('invalido', 'CEP inválido');
    }
    throw new CepError('falha', error instanceof Error ? error.message : 'CEP inválido');
  }
  if ('erro' in data) throw new CepError('invalido', 'CEP inválido');
  return { endereco: data.logradouro, cidade: data.localidade, uf: data.uf };
}

export function useGetCep() {
  return useMutation({ mutationFn: getCep });
}
