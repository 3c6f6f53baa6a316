import type { FastifyInstance } from 'fastify';
import { FRIENDS_FAMILY, FRIENDS_FAMILY_MSG, validadeTexto, type CupomFriendsFamily } from '@legiao/contracts';
import { forbidden } from '../../errors/app-error.js';
import type { Usuario } from '../../generated/prisma/client.js';
import { gerarCodigo } from '../beneficio/codigos.js';

// Friends and Family (spec 001 sections 2.20, 9): each staff member gets 5 coupons of 20% per
// month, valid until the month's last day (São Paulo time). They are created on the first visit of
// the month; the unique (usuario, mes, ordem) makes concurrent first visits create them once.
// docs/decisions/0009-economy.md

const pad = (n: number) => String(n).padStart(2, '0');

/** This month in Brazil: 'YYYY-MM' and its last day 'YYYY-MM-DD'. */
export function mesAtual(agora = new Date()) {
  const [ano, mes] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit' }).format(agora).split('-').map(Number) as [number, number];
  const ultimoDia = new Date(Date.UTC(ano, mes, 0)).getUTCDate();
  return { mes: `${ano}-${pad(mes)}`, validoAte: `${ano}-${pad(mes)}-${pad(ultimoDia)}` };
}

/** GET /friends-family: staff only (403 otherwise; the web app then goes to /home). */
export async function cuponsFriendsFamily(app: FastifyInstance, u: Usuario, agora = new Date()): Promise<CupomFriendsFamily[]> {
  if (u.tipo !== 'colaborador') throw forbidden(FRIENDS_FAMILY_MSG.soColaboradores, 'SOMENTE_COLABORADORES');
  const { prisma } = app.ctx;
  const { mes, validoAte } = mesAtual(agora);
  const buscar = () => prisma.cupomFriendsFamily.findMany({ where: { usuarioId: u.id, mes }, orderBy: { ordem: 'asc' } });
  let cupons = await buscar();
  // A code collision (or a concurrent first visit) leaves a slot empty: the next round fills it.
  for (let rodada = 0; cupons.length < FRIENDS_FAMILY.cupons && rodada < 5; rodada++) {
    const ocupadas = new Set(cupons.map((c) => c.ordem));
    const faltam = Array.from({ length: FRIENDS_FAMILY.cupons }, (_, i) => i + 1).filter((o) => !ocupadas.has(o));
    await prisma.cupomFriendsFamily.createMany({
      data: faltam.map((ordem) => ({ usuarioId: u.id, mes, ordem, codigo: gerarCodigo('FF20'), percentual: FRIENDS_FAMILY.percentual, validoAte: new Date(`${validoAte}T00:00:00.000Z`) })),
      skipDuplicates: true,
    });
    cupons = await buscar();
  }
  return cupons.map((c) => {
    const ate = c.validoAte.toISOString().slice(0, 10);
    return { cupom: c.codigo, ordem: c.ordem, percentual: c.percentual, validoAte: ate, validade: validadeTexto(ate), usoCupom: c.usadoEm !== null, dataUsoCupom: c.usadoEm?.toISOString() ?? null };
  });
}
