import { z } from 'zod';

// Late bounces of the launch alerts (issue 32 §2; docs/decisions/0049-launch-alert-waves.md,
// "Bounces that arrive later"): POST /api/integracao/v1/emails/devolucoes, scope emails:devolucoes.
// The brand's relay posts each delivery status notification (RFC 3464) that came back to an alert's
// VERP address, raw (`Content-Type: message/rfc822`).

/** The largest message taken (a DSN with the original attached; bigger ones are refused with 413). */
export const BOUNCE_MAX_BYTES = 1024 * 1024;
export const BOUNCE_CONTENT_TYPE = 'message/rfc822';

export const BOUNCE_MSG = {
  naoEDsn: 'A mensagem não é um relatório de entrega (DSN, RFC 3464): envie a devolução inteira com Content-Type: message/rfc822.',
  grandeDemais: 'A mensagem passou de 1 MB.',
  definitiva: 'Devolução definitiva registrada: o aviso ficou devolvido e o endereço não recebe avisos de lançamento por 90 dias.',
  temporaria: 'Atraso ou falha temporária registrada no aviso; ele continua enviado.',
  jaRegistrada: 'Esta devolução já estava registrada: nada mudou.',
  entregue: 'O relatório não é de falha nem de atraso (entrega confirmada): nada a registrar.',
  semEndereco: 'A devolução não veio para um endereço de devolução de aviso deste portal.',
  naoConfere: 'O endereço de devolução não confere com nenhum aviso deste portal (assinatura inválida ou aviso apagado).',
  naoEnviado: 'O aviso desse endereço não está enviado (não saiu, falhou no envio ou foi cancelado): nada a registrar.',
  semConfiguracao: 'O portal não tem endereço de devoluções configurado (EMAIL_DEVOLUCOES): nenhuma devolução é registrada.',
} as const;

export const bounceResultSchema = z.object({
  situacao: z
    .enum(['registrada', 'ignorada'])
    .describe('registrada: o aviso mudou agora; ignorada: nada mudou (motivo diz por quê). Nos dois casos, não reenvie esta mensagem.'),
  motivo: z.string().describe('O que aconteceu, em português. Nunca traz o endereço de e-mail.'),
});
export type BounceResult = z.infer<typeof bounceResultSchema>;
