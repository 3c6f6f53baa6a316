import { z } from 'zod';

// POST /api/lancamentos/{slug}/acesso (docs/decisions/0047-launches.md, part 2): the member opens their
// personal access. The portal records the first time (the launch page's "acessaram") and answers
// where to go: the web client then sends the member to `link`. A POST, not a redirecting GET: the
// session is a bearer token the browser would not send on a plain link.

export const launchAccessSchema = z.object({
  codigo: z.string(),
  link: z.string(),
  cotaRestante: z.number().int().min(0),
});
export type LaunchAccess = z.infer<typeof launchAccessSchema>;

export const LAUNCH_ACCESS_MSG = {
  indisponivel: 'Seu acesso antecipado a este lançamento não está disponível agora.',
} as const;
