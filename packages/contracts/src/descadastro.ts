import { z } from 'zod';

// One-click unsubscribe (RFC 8058) of the marketing e-mails: POST /api/descadastro/{token}
// (docs/decisions/0049-launch-alert-waves.md).

export const UNSUBSCRIBE_MSG = {
  invalido: 'Link de descadastro inválido.',
  feito: 'Pronto: você não vai mais receber e-mails da Legião. Para voltar a receber, marque o e-mail em Meu perfil.',
} as const;

export const unsubscribeResponseSchema = z.object({ mensagem: z.string() });
