import type { Db } from './prisma.js';
import { hashPassword } from '../lib/passwords.js';
import { seedCatalogueDemo } from './seed-catalogue.js';
import { seedEconomyDemo } from './seed-economy.js';
import { seedEngagementDemo } from './seed-engagement.js';
import { seedSurveys } from './seed-surveys.js';
import { seedStaffDemo } from './seed-equipe.js';

/** Demo accounts (README, "Contas de demonstração"). All share one password. */
export const DEMO_PASSWORD = 'Legiao@2025';
export const DEMO_ACCOUNTS = [
  { email: 'membro@legiao.dev', nome: 'Marina Legionária', cpf: '52998224725', tipo: 'legionario' as const, perfil: 'outsider' },
  { email: 'lead@legiao.dev', nome: 'Lucas Lead', cpf: '11144477735', tipo: 'lead' as const, perfil: null },
  { email: 'colaborador@legiao.dev', nome: 'Carla Colaboradora', cpf: '93541134780', tipo: 'colaborador' as const, perfil: 'funcional' },
];

/**
 * Idempotent: creates the demo accounts that are missing and leaves existing rows alone, so a
 * restart never resets what a person changed while trying the portal.
 */
export async function seedDemo(prisma: Db, opts: { bcryptCost: number }) {
  const passwordHash = await hashPassword(DEMO_PASSWORD, opts.bcryptCost);
  let created = 0;
  for (const a of DEMO_ACCOUNTS) {
    const exists = await prisma.usuario.findUnique({ where: { email: a.email }, select: { id: true } });
    if (exists) continue;
    await prisma.usuario.create({
      data: {
        email: a.email,
        senhaHash: passwordHash,
        nome: a.nome,
        cpf: a.cpf,
        celular: '11987654321',
        cep: '01310100',
        endereco: 'Avenida Paulista',
        numero: '1000',
        cidade: 'São Paulo',
        uf: 'SP',
        dataNascimento: new Date('1990-05-17'),
        genero: 'mulher',
        optInEmail: true,
        optInSms: false,
        tipo: a.tipo,
        perfil: a.perfil,
        ativo: true,
        ativadoEm: new Date(),
      },
    });
    created++;
  }
  await seedStaffDemo(prisma, passwordHash); // one back-office account per role (idempotent)
  await seedCatalogueDemo(prisma); // catalogue and the demo member's products (idempotent)
  await seedEconomyDemo(prisma, opts); // benefits, coupon pools and the demo member's balance (idempotent)
  await seedEngagementDemo(prisma); // banners and FAQ, after the benefits they link to (idempotent)
  await seedSurveys(prisma); // the personalisation and satisfaction surveys (idempotent)
  return created;
}
