// The portal's e-mails: one component per e-mail under templates/ (react-email), one shared layout,
// each with its plain-text part and sample data (docs/decisions/0048-email-templates.md). Callers
// keep importing the mail functions from here.
export * from './templates/index.js';
