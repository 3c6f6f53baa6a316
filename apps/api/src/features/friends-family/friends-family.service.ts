import type { FastifyInstance } from 'fastify';
import { FRIENDS_FAMILY, FRIENDS_FAMILY_MSG, validityText, type FriendsFamilyCoupon } from '@legiao/contracts';
import { forbidden } from '../../errors/app-error.js';
import type { Usuario } from '../../generated/prisma/client.js';
import { generateCode } from '../beneficio/codes.js';

// Friends and Family (spec 001 sections 2.20, 9): each staff member gets 5 coupons of 20% per
// month, valid until the month's last day (São Paulo time). They are created on the first visit of
// the month; the unique (usuario, mes, ordem) makes concurrent first visits create them once.
// docs/decisions/0009-economy.md

const pad = (n: number) => String(n).padStart(2, '0');

/** This month in Brazil: 'YYYY-MM' and its last day 'YYYY-MM-DD'. */
export function currentMonth(now = new Date()) {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit' }).format(now).split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { mes: `${year}-${pad(month)}`, validoAte: `${year}-${pad(month)}-${pad(lastDay)}` };
}

/** GET /friends-family: staff only (403 otherwise; the web app then goes to /home). */
export async function friendsFamilyCoupons(app: FastifyInstance, u: Usuario, now = new Date()): Promise<FriendsFamilyCoupon[]> {
  if (u.tipo !== 'colaborador') throw forbidden(FRIENDS_FAMILY_MSG.soColaboradores, 'SOMENTE_COLABORADORES');
  const { prisma } = app.ctx;
  const { mes: month, validoAte: validUntil } = currentMonth(now);
  const fetch = () => prisma.cupomFriendsFamily.findMany({ where: { usuarioId: u.id, mes: month }, orderBy: { ordem: 'asc' } });
  let coupons = await fetch();
  // A code collision (or a concurrent first visit) leaves a slot empty: the next round fills it.
  for (let round = 0; coupons.length < FRIENDS_FAMILY.cupons && round < 5; round++) {
    const taken = new Set(coupons.map((c) => c.ordem));
    const missing = Array.from({ length: FRIENDS_FAMILY.cupons }, (_, i) => i + 1).filter((o) => !taken.has(o));
    await prisma.cupomFriendsFamily.createMany({
      data: missing.map((order) => ({ usuarioId: u.id, mes: month, ordem: order, codigo: generateCode('FF20'), percentual: FRIENDS_FAMILY.percentual, validoAte: new Date(`${validUntil}T00:00:00.000Z`) })),
      skipDuplicates: true,
    });
    coupons = await fetch();
  }
  return coupons.map((c) => {
    const until = c.validoAte.toISOString().slice(0, 10);
    return { cupom: c.codigo, ordem: c.ordem, percentual: c.percentual, validoAte: until, validade: validityText(until), usoCupom: c.usadoEm !== null, dataUsoCupom: c.usadoEm?.toISOString() ?? null };
  });
}
