import type { StaffRole } from '@legiao/contracts';
import type { Db } from './prisma.js';

/** One demo account per back-office role (README, "Contas de demonstração"), the demo password. */
export const STAFF_DEMO_ACCOUNTS: { email: string; nome: string; role: StaffRole }[] = [
  { email: 'admin@legiao.dev', nome: 'Ana Administradora', role: 'admin' },
  { email: 'marketing@legiao.dev', nome: 'Mateus Marketing', role: 'marketing' },
  { email: 'atendimento@legiao.dev', nome: 'Alice Atendimento', role: 'atendimento' },
  { email: 'operacao@legiao.dev', nome: 'Otávio Operação', role: 'operacao' },
  { email: 'integracoes@legiao.dev', nome: 'Iara Integrações', role: 'integracoes' },
];

/**
 * Idempotent: creates the missing staff accounts with their role; an existing account is left as
 * it is (its roles may have been changed on the roles screen since).
 */
export async function seedStaffDemo(prisma: Db, passwordHash: string) {
  for (const a of STAFF_DEMO_ACCOUNTS) {
    const exists = await prisma.usuario.findUnique({ where: { email: a.email }, select: { id: true } });
    if (exists) continue;
    await prisma.usuario.create({
      data: {
        email: a.email,
        senhaHash: passwordHash,
        nome: a.nome,
        cidade: 'São Paulo',
        uf: 'SP',
        // The brand's employees: colaborador on the member side too (a separate flag from the roles).
        tipo: 'colaborador',
        ativo: true,
        ativadoEm: new Date(),
        staffRoles: { create: { role: a.role } },
      },
    });
  }
}
