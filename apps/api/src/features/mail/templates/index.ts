import type { MailTemplate } from './define.js';
import { activation } from './activation.js';
import { passwordReset } from './password-reset.js';
import { emailChangeConfirm, emailChangedNotice } from './email-change.js';
import { leadCoupon } from './lead-coupon.js';
import { loginLink } from './login-link.js';
import { launchAlert } from './launch-alert.js';
import { webhookPaused } from './webhook-paused.js';

// Every e-mail the portal writes, in the order the back office lists them (docs/decisions/0048-email-templates.md).
// A new e-mail is a file beside these and one line here: the render test and the preview pick it up.

export { activationMail } from './activation.js';
export { passwordResetMail } from './password-reset.js';
export { emailChangeConfirmMail, emailChangedNoticeMail } from './email-change.js';
export { leadCouponMail } from './lead-coupon.js';
export { loginLinkMail } from './login-link.js';
export { launchAlertMail, type LaunchAlertProps } from './launch-alert.js';
export { webhookPausedParts } from './webhook-paused.js';
export { renderTemplate, type MailTemplate } from './define.js';
export type { MailSite } from './site.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry keeps its own props type
export const MAIL_TEMPLATES: readonly MailTemplate<any>[] = [activation, passwordReset, loginLink, emailChangeConfirm, emailChangedNotice, leadCoupon, launchAlert, webhookPaused];

export const findTemplate = (key: string) => MAIL_TEMPLATES.find((t) => t.key === key);
