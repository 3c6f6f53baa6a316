import { describe, expect, it } from 'vitest';
import { EXPERIENCES } from '../conquista-constants.js';
import { BENEFIT_EXPERIENCES } from './beneficios.js';

describe('admin/beneficios', () => {
  it('offers exactly the event badges the achievements know', () => {
    expect([...BENEFIT_EXPERIENCES]).toEqual([...EXPERIENCES]);
  });
});
