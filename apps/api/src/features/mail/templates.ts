import type { OutgoingMail } from './mailer.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

function layout(title: string, paragraphs: string[], cta: { label: string; url: string } | null, after: string) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escape(p)}</p>`).join('');
  return `<!doctype html><html lang="pt-BR"><body style="margin:0;background:#f4f1ec;font-family:Arial,sans-serif;color:#1a1a1a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td><h1 style="font-size:22px;margin:0 0 24px">${escape(title)}</h1>${body}
${cta ? `<p style="margin:24px 0"><a href="${escape(cta.url)}" style="background:#c8102e;color:#ffffff;padding:12px 24px;border-radius:4px;text-decoration:none;font-weight:bold">${escape(cta.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">Se o botão não funcionar, copie e cole este endereço no navegador:<br>${escape(cta.url)}</p>` : ''}
<p style="margin:0;font-size:13px;color:#555">${escape(after)}</p></td></tr></table>
<p style="font-size:12px;color:#777">Legião · programa de fidelidade</p></td></tr></table></body></html>`;
}

export function activationMail(to: string, name: string, url: string, validityHours: number): OutgoingMail {
  const intro = [`Olá, ${firstName(name)}!`, 'Falta pouco para você fazer parte da Legião. Confirme seu e-mail para ativar sua conta.'];
  const after = `O link vale por ${validityHours} horas e só pode ser usado uma vez. Se você não se cadastrou, ignore este e-mail.`;
  return {
    para: to,
    assunto: 'Ative sua conta na Legião',
    texto: `${intro.join('\n\n')}\n\nAtive sua conta: ${url}\n\n${after}\n`,
    html: layout('Ative sua conta', intro, { label: 'Ativar minha conta', url }, after),
  };
}

export function passwordResetMail(to: string, name: string, url: string, validityMinutes: number): OutgoingMail {
  const intro = [`Olá, ${firstName(name)}!`, 'Recebemos um pedido para redefinir a senha da sua conta na Legião.'];
  const after = `O link vale por ${validityMinutes} minutos e só pode ser usado uma vez. Se não foi você, ignore este e-mail: sua senha continua a mesma.`;
  return {
    para: to,
    assunto: 'Redefinição de senha da Legião',
    texto: `${intro.join('\n\n')}\n\nCrie uma nova senha: ${url}\n\n${after}\n`,
    html: layout('Redefinir senha', intro, { label: 'Criar nova senha', url }, after),
  };
}

export function emailChangeConfirmMail(to: string, name: string, url: string, validityHours: number): OutgoingMail {
  const intro = [`Olá, ${firstName(name)}!`, 'Recebemos um pedido para usar este endereço como o e-mail da sua conta na Legião. Confirme para concluir a troca.'];
  const after = `O link vale por ${validityHours} horas e só pode ser usado uma vez. Se você não pediu a troca, ignore este e-mail: nada muda.`;
  return {
    para: to,
    assunto: 'Confirme seu novo e-mail na Legião',
    texto: `${intro.join('\n\n')}\n\nConfirme o novo e-mail: ${url}\n\n${after}\n`,
    html: layout('Confirme seu novo e-mail', intro, { label: 'Confirmar novo e-mail', url }, after),
  };
}

export function emailChangedNoticeMail(to: string, name: string, newEmail: string): OutgoingMail {
  const intro = [`Olá, ${firstName(name)}!`, `O e-mail da sua conta na Legião foi alterado para ${newEmail}. A partir de agora, use o novo endereço para entrar.`];
  const after = 'Se foi você, não precisa fazer nada. Se não foi você, fale com o atendimento da Legião o quanto antes.';
  return {
    para: to,
    assunto: 'O e-mail da sua conta na Legião foi alterado',
    texto: `${intro.join('\n\n')}\n\n${after}\n`,
    html: layout('Seu e-mail foi alterado', intro, null, after),
  };
}

/**
 * The lead's personal coupon (the /expert-xp/ page): only its address gets it, on the first
 * sign-up and again when the address is typed once more (issue 23; ADR 0039).
 */
export function leadCouponMail(to: string, name: string, code: string, percentage: number): OutgoingMail {
  const intro = [`Olá, ${firstName(name)}!`, `Aqui está o seu cupom de ${percentage}% OFF para a primeira compra na loja oficial:`, code];
  const after = 'O cupom vale na primeira compra, uma vez por CPF. Se você não se cadastrou na página Expert XP da Legião, ignore este e-mail.';
  return {
    para: to,
    assunto: `Seu cupom de ${percentage}% OFF da Legião`,
    texto: `${intro.join('\n\n')}\n\n${after}\n`,
    html: layout(`Seu cupom de ${percentage}% OFF`, intro, null, after),
  };
}
