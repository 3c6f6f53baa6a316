import { waitingRoomClientIdSchema, waitingRoomServerMessageSchema } from '@legiao/contracts/fila';
import { WAITING_ROOM_CLIENT_ID_PATTERN } from '@legiao/contracts/fila-constants';
import { describe, expect, it } from 'vitest';
import { asServerMessage } from './server-message';

// The hand check must accept and refuse exactly what the contract's zod schema does.
const samples: unknown[] = [
  { type: 'ReceiveQueuePosition', posicao: 1, quantidade: 3 },
  { type: 'ReceiveQueuePosition', posicao: 0, quantidade: 3 },
  { type: 'ReceiveQueuePosition', posicao: 1.5, quantidade: 3 },
  { type: 'ReceiveQueuePosition', posicao: '1', quantidade: 3 },
  { type: 'ReceiveQueuePosition', posicao: 2 },
  { type: 'ProceedToLogin', ticket: 't', expiraEm: '2026-11-23T10:00:00Z' },
  { type: 'ProceedToLogin', ticket: 1, expiraEm: 'x' },
  { type: 'ProceedToLogin', ticket: 't' },
  { type: 'ProceedToLogout', motivo: 'saida' },
  { type: 'ProceedToLogout', motivo: 'inatividade' },
  { type: 'ProceedToLogout', motivo: 'outro' },
  { type: 'ProceedToLogout' },
  { type: 'ReceiveActiveUsers', ativos: 0, aguardando: 0 },
  { type: 'ReceiveActiveUsers', ativos: -1, aguardando: 0 },
  { type: 'Error', code: 'FORA_DA_FILA', message: 'm' },
  { type: 'Error', code: 'FORA_DA_FILA', message: 'm', requestType: 'TryLogin' },
  { type: 'Error', code: 'FORA_DA_FILA', message: 'm', requestType: 3 },
  { type: 'Error', code: 'INVENTADO', message: 'm' },
  { type: 'Error', code: 'INDISPONIVEL' },
  { type: 'Desconhecido' },
  { posicao: 1, quantidade: 1 },
  [],
  null,
  'ProceedToLogin',
  42,
];

describe('comoMensagemDoServidor', () => {
  it.each(samples.map((a) => [JSON.stringify(a), a]))('agrees with filaServerMessageSchema on %s', (_, sample) => {
    const contract = waitingRoomServerMessageSchema.safeParse(sample);
    expect(asServerMessage(sample)).toEqual(contract.success ? contract.data : null);
  });

  it('drops fields the contract does not know', () => {
    expect(asServerMessage({ type: 'ProceedToLogout', motivo: 'saida', extra: 1 })).toEqual({ type: 'ProceedToLogout', motivo: 'saida' });
  });
});

describe('FILA_CLIENT_ID_PATTERN', () => {
  it.each(['abcdefgh', 'a'.repeat(64), 'a'.repeat(65), 'abc', 'com espaço1', 'ok_-123456'])('agrees with filaClientIdSchema on %s', (id) => {
    expect(WAITING_ROOM_CLIENT_ID_PATTERN.test(id)).toBe(waitingRoomClientIdSchema.safeParse(id).success);
  });
});
