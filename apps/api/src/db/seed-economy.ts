import { createHash } from 'node:crypto';
import type { Db } from './prisma.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { Experiencia, ModoCupom, TipoUsuario } from '../generated/prisma/enums.js';
import { hashPassword } from '../lib/passwords.js';
import { createVerifiedEntry } from '../features/produto/purchases-import.js';
import { creditPurchase, creditProfileEnrichment } from '../features/ledger/ledger.service.js';
import { recordReferral } from '../features/indicacao/indicacao.service.js';
import { redeemInTx } from '../features/beneficio/redemption.service.js';
import { AppError } from '../errors/app-error.js';

// The demo economy (docs/decisions/0009-economy.md, README "Contas de demonstração"):
// - a catalogue of benefits covering the five card states and the spec's types, with coupon pools
//   and images in apps/web/public/beneficios;
// - the demo member's balance, made only of ledger entries: three confirmed referrals (friends who
//   signed up with the member's link and have a verified purchase) and one pending, the Compra
//   credits of the verified purchases, the profile-enrichment credit; then two real redemptions
//   (one coupon already used at the store).
// Idempotent and insert-only, safe to run from several processes at once (advisory locks). Dates
// are set relative to the first run (a countdown that is always in the future, the next 17-19 January).

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** Deterministic pool codes, so a re-run never adds different ones. */
function demoCode(prefix: string, i: number) {
  const h = createHash('sha256').update(`${prefix}:${i}`).digest();
  const s = Array.from({ length: 8 }, (_, k) => ALPHABET[h[k]! % ALPHABET.length]).join('');
  return `${prefix}-${s.slice(0, 4)}-${s.slice(4)}`;
}

/** A moment in São Paulo (UTC-3 all year since 2019) as a Date. */
const sp = (year: number, month: number, day: number, hour = 0, min = 0) => new Date(Date.UTC(year, month - 1, day, hour + 3, min));
/** The next time the day of the year comes, at that hour (São Paulo). */
function next(now: Date, month: number, day: number, hour = 0) {
  const year = now.getUTCFullYear();
  const d = sp(year, month, day, hour);
  return d > now ? d : sp(year + 1, month, day, hour);
}
const days = (n: number) => n * 24 * 3600_000;

const MEMBERS: TipoUsuario[] = ['legionario'];
const SALVADOR_AND_REGION = ['Salvador', 'Lauro de Freitas', 'Simões Filho', 'Camaçari', 'Candeias', 'São Francisco do Conde', 'São Sebastião do Passé', 'Madre de Deus'];

interface BenefitSeed {
  chave: string;
  nome: string;
  tipo: string;
  descricao: string;
  imagem: string;
  valor: number;
  textoLegal: string;
  publico: TipoUsuario[];
  modoCupom: ModoCupom;
  prefixoCupom: string;
  evento?: boolean;
  dataEvento?: Date;
  urlBeneficio?: string;
  percentualDesconto?: number;
  inicio?: Date;
  fim?: Date;
  cidades?: string[];
  limitePorMembro?: number;
  estoque?: number;
  /** lista mode: how many codes the (imported) pool gets. */
  pool?: number;
  opcoes?: { nome: string; data: Date; estoque: number | null }[];
  /** The event badge its redemption earns (GET /Conquista, docs/decisions/0013-conquistas.md). */
  experiencia?: Experiencia;
}

const STORE = 'https://loja.legiao.example';
const COUPON_TEXT = (p: number) =>
  `Cupom de ${p}% de desconto para uma compra na loja oficial, válido por 30 dias a partir do resgate. Uso único por CPF, não cumulativo com outras promoções. Não válido para a linha Tumbler com Canudo 900ml.`;

export function benefitsDemo(now: Date): BenefitSeed[] {
  const spanta = next(now, 1, 17, 16);
  const afternoon = next(now, 10, 17, 16);
  const debut = new Date(now.getTime() + days(10));
  return [
    {
      chave: 'cupom-10-off', nome: 'Cupom 10% OFF', tipo: 'baseGeral', descricao: '10% de desconto em qualquer produto da loja oficial. Pode ser resgatado até 3 vezes.',
      imagem: 'cupom-10.svg', valor: 1, textoLegal: COUPON_TEXT(10), publico: MEMBERS, modoCupom: 'lista', prefixoCupom: 'LEG10', percentualDesconto: 10, limitePorMembro: 3, pool: 200, urlBeneficio: STORE,
    },
    {
      chave: 'cupom-20-off', nome: 'Cupom 20% OFF', tipo: 'baseGeral', descricao: '20% de desconto para completar a sua coleção.',
      imagem: 'cupom-20.svg', valor: 3, textoLegal: COUPON_TEXT(20), publico: MEMBERS, modoCupom: 'lista', prefixoCupom: 'LEG20', percentualDesconto: 20, pool: 100, urlBeneficio: STORE,
    },
    {
      chave: 'cupom-30-off', nome: 'Cupom 30% OFF', tipo: 'baseGeral', descricao: 'O maior desconto da Legião: convide amigos e chegue lá.',
      imagem: 'cupom-30.svg', valor: 8, textoLegal: COUPON_TEXT(30), publico: MEMBERS, modoCupom: 'lista', prefixoCupom: 'LEG30', percentualDesconto: 30, pool: 50, urlBeneficio: STORE,
    },
    {
      chave: 'missao-personalizacao', nome: '15% OFF: missão Personalize seu portal', tipo: 'Missao_Personalizacao', descricao: 'Recompensa por responder a pesquisa de personalização do portal.',
      imagem: 'missao-personalizacao.svg', valor: 0, textoLegal: COUPON_TEXT(15), publico: MEMBERS, modoCupom: 'gerado', prefixoCupom: 'MISSAO15', percentualDesconto: 15, urlBeneficio: STORE,
    },
    {
      chave: 'jersey-boys-2025', nome: 'Quatro Vozes: par de ingressos para Jersey Boys', tipo: 'JerseyBoys2025', descricao: 'Um par de ingressos para a sessão exclusiva da Legião do musical Jersey Boys, em 12/09.',
      imagem: 'jersey-boys.svg', valor: 2, evento: true, dataEvento: next(now, 9, 12, 20), textoLegal: 'Par de ingressos nominal ao membro, para a sessão de 12/09 às 20h. Apresente o código e um documento com foto na bilheteria. Sujeito à lotação do teatro; não pode ser trocado por dinheiro.',
      publico: MEMBERS, modoCupom: 'lista', prefixoCupom: 'QV', pool: 40, experiencia: 'jerseyBoys',
    },
    {
      chave: 'meninas-malvadas-2025', nome: 'Meninas Malvadas: pré-estreia', tipo: 'MeninasMalvadas2025', descricao: 'Convites para a pré-estreia de Meninas Malvadas. O resgate abre na data marcada: fique de olho na contagem regressiva.',
      imagem: 'meninas-malvadas.svg', valor: 2, evento: true, dataEvento: new Date(debut.getTime() + days(14)), inicio: debut, textoLegal: 'Um convite individual para a pré-estreia. Resgates a partir da abertura, enquanto durar o estoque. Classificação indicativa: 12 anos.',
      publico: MEMBERS, modoCupom: 'gerado', prefixoCupom: 'MM', estoque: 150,
    },
    {
      chave: 'par-ingresso-spanta-rj', nome: 'Ingresso unificado Spanta RJ', tipo: 'ParIngressoSpantaRJ', descricao: 'Par de ingressos para o festival Spanta no Rio de Janeiro. Escolha o seu dia: 17, 18 ou 19 de janeiro.',
      imagem: 'spanta-rj.svg', valor: 3, evento: true, textoLegal: 'Par de ingressos para o dia escolhido, não transferível para outro dia. Retirada no guichê da Legião com o código e um documento com foto.',
      publico: MEMBERS, modoCupom: 'gerado', prefixoCupom: 'SPANTA',
      opcoes: [
        { nome: 'Sábado, 17/01', data: spanta, estoque: 0 },
        { nome: 'Domingo, 18/01', data: new Date(spanta.getTime() + days(1)), estoque: 25 },
        { nome: 'Segunda, 19/01', data: new Date(spanta.getTime() + days(2)), estoque: 25 },
      ],
    },
    {
      chave: 'cbe-streaming', nome: 'Clube de Benefícios: 3 meses de streaming', tipo: 'Cbe', descricao: 'Três meses de assinatura de um serviço de streaming parceiro.',
      imagem: 'cbe-streaming.svg', valor: 2, textoLegal: 'Código de ativação para novas assinaturas, válido por 60 dias a partir do resgate. Um por membro.',
      publico: MEMBERS, modoCupom: 'gerado', prefixoCupom: 'CBE', estoque: 0, urlBeneficio: 'https://parceiro.legiao.example/ativar',
    },
    {
      chave: 'loja-colaborador', nome: 'Loja do Colaborador', tipo: 'Colaboradores', descricao: 'Acesso à loja do colaborador, com preços de fábrica. Até 12 acessos por colaborador.',
      imagem: 'loja-colaborador.svg', valor: 0, textoLegal: 'Uso pessoal e intransferível. Compras limitadas a 3 unidades por produto em cada pedido.',
      publico: ['colaborador'], modoCupom: 'gerado', prefixoCupom: 'COLAB', limitePorMembro: 12, urlBeneficio: `${STORE}/colaborador`,
    },
    {
      chave: 'lead-primeira-compra', nome: 'Sua primeira compra com 15% OFF', tipo: 'baseGeral', descricao: 'Comece sua coleção agora mesmo, com 15% de desconto na primeira compra.',
      imagem: 'lead-15.svg', valor: 0, textoLegal: 'Válido para a primeira compra na loja oficial, uma vez por CPF. Não cumulativo.', publico: ['lead'], modoCupom: 'gerado', prefixoCupom: 'BEMVINDO15', percentualDesconto: 15, urlBeneficio: STORE,
    },
    {
      chave: 'tardezinha-salvador', nome: 'Tardezinha Legião: Salvador', tipo: '7f3a9c2e41b8d6a0', descricao: 'Fim de tarde com música ao vivo para os legionários de Salvador e região, em 17/10.',
      imagem: 'tardezinha-salvador.svg', valor: 1, evento: true, dataEvento: afternoon, inicio: new Date(now.getTime() - days(1)), fim: afternoon, cidades: SALVADOR_AND_REGION,
      textoLegal: 'Convite individual. Exclusivo para membros com endereço em Salvador e região metropolitana.', publico: MEMBERS, modoCupom: 'gerado', prefixoCupom: 'TARDESSA', estoque: 60, experiencia: 'tardezinha',
    },
    {
      chave: 'tardezinha-niteroi', nome: 'Tardezinha Legião: Niterói', tipo: 'b41d6e08c93f2a57', descricao: 'Fim de tarde com música ao vivo para os legionários de Niterói, em 17/10.',
      imagem: 'tardezinha-niteroi.svg', valor: 1, evento: true, dataEvento: afternoon, inicio: new Date(now.getTime() - days(1)), fim: afternoon, cidades: ['Niterói'],
      textoLegal: 'Convite individual. Exclusivo para membros com endereço em Niterói.', publico: MEMBERS, modoCupom: 'gerado', prefixoCupom: 'TARDENIT', estoque: 60, experiencia: 'tardezinha',
    },
  ];
}

/** The benefits and their pools: creates the missing ones (by chave), never changes existing ones. */
export async function seedBenefits(prisma: Db, now = new Date()): Promise<number> {
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('legiao:seed-beneficios'))`;
    const list = benefitsDemo(now);
    const existing = new Set((await tx.beneficio.findMany({ where: { chave: { in: list.map((b) => b.chave) } }, select: { chave: true } })).map((b) => b.chave));
    let created = 0;
    for (const [order, s] of list.entries()) {
      if (existing.has(s.chave)) continue;
      const b = await tx.beneficio.create({
        data: {
          chave: s.chave,
          nome: s.nome,
          tipo: s.tipo,
          descricao: s.descricao,
          urlImagem: `/beneficios/${s.imagem}`,
          valor: s.valor,
          evento: s.evento ?? false,
          dataEvento: s.dataEvento ?? null,
          textoLegal: s.textoLegal,
          urlBeneficio: s.urlBeneficio ?? null,
          percentualDesconto: s.percentualDesconto ?? null,
          inicio: s.inicio ?? null,
          fim: s.fim ?? null,
          publico: s.publico,
          cidades: s.cidades ?? [],
          limitePorMembro: s.limitePorMembro ?? 1,
          modoCupom: s.modoCupom,
          prefixoCupom: s.prefixoCupom,
          estoque: s.estoque ?? null,
          ordem: (order + 1) * 10,
          experiencia: s.experiencia ?? null,
          opcoes: s.opcoes ? { create: s.opcoes.map((o, i) => ({ nome: o.nome, data: o.data, estoque: o.estoque, ordem: i + 1 })) } : undefined,
        },
      });
      if (s.pool) {
        await tx.cupom.createMany({ data: Array.from({ length: s.pool }, (_, i) => ({ beneficioId: b.id, codigo: demoCode(s.prefixoCupom, i) })), skipDuplicates: true });
      }
      created++;
    }
    return created;
  }, { timeout: 60_000, maxWait: 30_000 }); // seeds run at start-up, possibly on a busy machine
}

/** Valid CPF from a 9-digit base (both check digits). */
function cpf(base: string) {
  const d = [...base].map(Number);
  for (const len of [9, 10]) {
    const sum = d.slice(0, len).reduce((acc, x, i) => acc + x * (len + 1 - i), 0);
    d.push(((sum * 10) % 11) % 10);
  }
  return d.join('');
}

/** People who signed up with the demo member's link. The last one has no verified purchase yet: pending. */
export const FRIENDS_DEMO = [
  { email: 'ana.amiga@legiao.dev', nome: 'Ana Amiga', cpf: cpf('310245678'), celular: '21991234501', sku: 'HID-GARRAFA750-AZUL', dataCompra: '2025-08-04' },
  { email: 'bruno.amigo@legiao.dev', nome: 'Bruno Amigo', cpf: cpf('420356789'), celular: '31991234502', sku: 'CAF-CANECA350-PRETO', dataCompra: '2025-09-15' },
  { email: 'carla.amiga@legiao.dev', nome: 'Carla Amiga', cpf: cpf('530467891'), celular: '41991234503', sku: 'BAR-COPO473-BRANCO', dataCompra: '2025-10-20' },
  { email: 'diego.amigo@legiao.dev', nome: 'Diego Amigo', cpf: cpf('640578912'), celular: '51991234504', sku: null, dataCompra: null },
] as const;

async function friend(tx: Prisma.TransactionClient, a: (typeof FRIENDS_DEMO)[number], passwordHash: string) {
  const exists = await tx.usuario.findUnique({ where: { email: a.email } });
  if (exists) return exists;
  return tx.usuario.create({
    data: {
      email: a.email, senhaHash: passwordHash, nome: a.nome, cpf: a.cpf, celular: a.celular, cep: '20040002', endereco: 'Avenida Rio Branco', numero: '100',
      cidade: 'Rio de Janeiro', uf: 'RJ', dataNascimento: new Date('1994-03-08'), genero: 'naodizer', tipo: 'legionario', ativo: true, ativadoEm: new Date(),
    },
  });
}

/**
 * The demo member's economy, once (skipped when the member already has referrals). Everything in
 * one transaction, through the same functions the portal uses.
 */
export async function seedMemberEconomy(prisma: Db, email: string, opts: { bcryptCost: number }): Promise<boolean> {
  return prisma.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('legiao:seed-economia-membro'))`;
      const member = await tx.usuario.findUnique({ where: { email } });
      if (!member || (await tx.indicacao.count({ where: { indicadorId: member.id } }))) return false;

      // Verified purchases registered before the ledger existed earn their Compra credit now.
      for (const e of await tx.produtoCliente.findMany({ where: { usuarioId: member.id, produtoValidado: true }, select: { id: true } })) {
        await creditPurchase(tx, member.id, e.id);
      }
      if (member.perfil) await creditProfileEnrichment(tx, member.id);

      const skus = FRIENDS_DEMO.flatMap((a) => (a.sku ? [a.sku] : []));
      const products = new Map((await tx.produto.findMany({ where: { sku: { in: skus } }, select: { id: true, sku: true } })).map((p) => [p.sku, p.id]));
      const benefits = new Map((await tx.beneficio.findMany({ where: { chave: { in: ['missao-personalizacao', 'jersey-boys-2025'] } }, select: { id: true, chave: true } })).map((b) => [b.chave, b.id]));
      // Needs the catalogue and the benefits (seeded before this); without them, the next start does it.
      if (products.size !== skus.length || benefits.size !== 2) return false;
      const passwordHash = await hashPassword('Legiao@2025', opts.bcryptCost);
      for (const a of FRIENDS_DEMO) {
        const u = await friend(tx, a, passwordHash);
        await recordReferral(tx, u, member.hash);
        const productId = a.sku ? products.get(a.sku) : undefined;
        // The verified purchase confirms the referral and credits the member (createVerifiedEntry).
        if (productId && a.dataCompra) await createVerifiedEntry(tx, { usuarioId: u.id, produtoId: productId, quantidade: 1, dataCompra: a.dataCompra, codigoPedido: `DEMO-IND-${u.id.slice(0, 8)}` });
      }

      // Real redemptions. A rule that says no (someone edited the demo profile, a pool ran dry) skips
      // the redemption instead of failing the start: a refusal is always raised before any write.
      const redeem = async (benefitId: number, key: string) => {
        try {
          return (await redeemInTx(tx, member, { idBeneficio: benefitId, chaveIdempotencia: `seed-demo-${key}-${member.id}` })).body;
        } catch (err) {
          if (err instanceof AppError) return null;
          throw err;
        }
      };
      const mission = await redeem(benefits.get('missao-personalizacao')!, 'missao');
      if (mission) await tx.cupom.update({ where: { codigo: mission.cupom }, data: { usadoEm: new Date(Date.now() - days(3)) } });
      await redeem(benefits.get('jersey-boys-2025')!, 'jersey');
      return true;
    },
    { timeout: 30_000, maxWait: 30_000 },
  );
}

/** What seedDemo runs (after the catalogue and the demo collection). */
export async function seedEconomyDemo(prisma: Db, opts: { bcryptCost: number }) {
  const benefits = await seedBenefits(prisma);
  const member = await seedMemberEconomy(prisma, 'membro@legiao.dev', opts);
  return { beneficios: benefits, membro: member };
}
