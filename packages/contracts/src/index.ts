export * from './messages.js';
export * from './input-guard.js';
export * from './errors.js';
export * from './cpf.js';
export * from './password.js';
export * from './fields.js';
export * from './usuario.js';
export * from './auth.js';
export * from './cep.js';
export * from './health.js';
export * from './ops-constants.js';
export * from './storage-keys.js';
export * from './produto.js';
export * from './fila.js';
export * from './social.js';
export * from './login-link.js';
export * from './consentimento.js';
export * from './change-email.js';
export * from './lgpd.js';
export * from './extrato.js';
export * from './indicacao.js';
export * from './beneficio.js';
export * from './friends-family.js';
export * from './leads.js';
// Only the zod-free roles: the admin schemas stay on their subpaths (@legiao/contracts/admin/<area>) so
// the member pages' chunks, which import this index, don't carry them.
export * from './admin/roles.js';
