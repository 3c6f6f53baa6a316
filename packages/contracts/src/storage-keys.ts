/** Browser storage keys (spec 001 section 2.1, spec 000 section 3). */
export const STORAGE = {
  token: 'token',
  user: 'user',
  allDataUser: 'alldatauser',
  beneficioChatbot: 'beneficioSelecionadoChatbot',
  indicacao: 'indicacao',
  hashIndicacao: 'hashIndicacao',
} as const;
