import { describe, expect, it } from 'vitest';
import { EXPERIENCIAS } from '../conquista-constantes.js';
import { EXPERIENCIAS_BENEFICIO } from './beneficios.js';

describe('admin/beneficios', () => {
  it('offers exactly the event badges the achievements know', () => {
    expect([...EXPERIENCIAS_BENEFICIO]).toEqual([...EXPERIENCIAS]);
  });
});
