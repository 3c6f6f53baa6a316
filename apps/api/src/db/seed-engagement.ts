import type { EntryTabs } from '@legiao/contracts/banner';
import type { Db } from './prisma.js';
import type { Prisma } from '../generated/prisma/client.js';
import { benefitsDemo } from './seed-economy.js';
import { COLORS } from './seed-catalogue.js';

// The demo's engagement data (docs/decisions/0012-banners-faq.md): the home banner's hero images
// (one per perfil, one for leads; drawings in apps/web/public/banners), the site banners (the
// exclusive Tardezinha banners of Niterói and Salvador, an expired one from the spec's 2025 window,
// a pre-sale with a countdown, a launch with tabs) and the FAQ.
// Idempotent and insert-only by chave (createMany ... skipDuplicates is one INSERT ... ON CONFLICT DO
// NOTHING: safe from several processes at once). Dates are relative to the first run.

const DAY = 24 * 3600_000;
const STORE = 'https://loja.legiao.dev';
/** A moment in São Paulo (UTC-3 all year since 2019) as a Date. */
const sp = (year: number, month: number, day: number, hour = 0, min = 0, seg = 0) => new Date(Date.UTC(year, month - 1, day, hour + 3, min, seg));

export const SALVADOR_AND_REGION = ['Salvador', 'Lauro de Freitas', 'Simões Filho', 'Camaçari', 'Candeias', 'São Francisco do Conde', 'São Sebastião do Passé', 'Madre de Deus'];

export const BANNERS_HOME_DEMO: Prisma.BannerCreateManyInput[] = [
  { chave: 'home-funcional', nome: 'Home Performance', perfil: 'funcional', lead: false, textoAlternativo: 'Garrafas e tumbler térmicos em destaque sobre fundo escuro' },
  { chave: 'home-outsider', nome: 'Home Outdoor', perfil: 'outsider', lead: false, textoAlternativo: 'Caneca e garrafa de camping diante de montanhas, sobre fundo escuro' },
  { chave: 'home-estiloso', nome: 'Home Lifestyle', perfil: 'estiloso', lead: false, textoAlternativo: 'Copo long drink, caneca e copo térmico em destaque sobre fundo escuro' },
  { chave: 'home-geral', nome: 'Home Legião', perfil: 'geral', lead: false, textoAlternativo: 'Copo, garrafa e caneca da Legião sobre fundo escuro' },
  { chave: 'home-lead', nome: 'Home Lead: comece sua coleção', perfil: 'geral', lead: true, textoAlternativo: 'Garrafa, copo e tumbler para começar a coleção, sobre fundo escuro' },
].map((b, i) => {
  const file = b.chave === 'home-lead' ? 'home-lead' : `home-${b.perfil}`;
  return { ...b, urlImagemMobile: `/banners/${file}-mobile.svg`, urlImagemDesktop: `/banners/${file}-desktop.svg`, ordem: (i + 1) * 10 };
}) as Prisma.BannerCreateManyInput[];

export const ENTRY_TABS: EntryTabs = {
  sobre:
    'A linha Aurora chega com acabamento fosco em degradê e a mesma parede dupla a vácuo de sempre: bebida gelada por horas e nada de suor no copo. Os legionários ficam sabendo primeiro.',
  cores: (['lilas', 'turquesa', 'rosa', 'azul-marinho'] as const).map((c) => ({ nome: COLORS[c].nome, hex: COLORS[c].hex })),
  produtos: [
    { nome: 'Copo Térmico Cerveja 473ml Aurora', urlImagem: '/produtos/copo-termico-bar-azul-marinho.svg' },
    { nome: 'Tumbler com Canudo 900ml Aurora', urlImagem: '/produtos/tumbler-canudo-turquesa.svg' },
    { nome: 'Garrafa Térmica 750ml Aurora', urlImagem: '/produtos/garrafa-750-lilas.svg' },
  ],
};

/** The site banners. Exclusive ones take the window of the benefit they lead to. */
export function bannersSiteDemo(now: Date, benefits: Map<string, { id: number; inicio: Date | null; fim: Date | null }>): Prisma.BannerSiteCreateManyInput[] {
  const exclusive = (key: string, benefit: string, cities: string[], order: number): Prisma.BannerSiteCreateManyInput | null => {
    const b = benefits.get(benefit);
    if (!b) return null;
    return {
      chave: key, nome: `Exclusivo ${cities[0]}`, regiao: 'exclusivo', ordem: order,
      titulo: 'Tardezinha Legião', texto: `Um fim de tarde com música ao vivo, só para legionários de ${cities[0]}${cities.length > 1 ? ' e região' : ''}. Garanta o seu convite.`,
      urlImagem: '/banners/exclusivo-desktop.svg', urlImagemMobile: '/banners/exclusivo-mobile.svg', textoBotao: 'Quero o meu convite', beneficioId: b.id, cidades: cities,
      inicio: b.inicio ?? new Date(now.getTime() - DAY), fim: b.fim ?? new Date(now.getTime() + 60 * DAY),
    };
  };
  // Pre-sale: opens in three days at 14:00 (São Paulo), as the spec's 15/10 14:00.
  const d = new Date(now.getTime() + 3 * DAY - 3 * 3600_000);
  const untilCount = sp(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), 14);
  const list: (Prisma.BannerSiteCreateManyInput | null)[] = [
    exclusive('exclusivo-tardezinha-niteroi', 'tardezinha-niteroi', ['Niterói'], 10),
    exclusive('exclusivo-tardezinha-salvador', 'tardezinha-salvador', SALVADOR_AND_REGION, 20),
    {
      // The spec's 2025 window, already over: shows that the window is data, not code.
      chave: 'exclusivo-2025', nome: 'Exclusivo 2025', regiao: 'exclusivo', ordem: 30, titulo: 'Benefício exclusivo da primavera',
      texto: 'Benefício exclusivo para legionários de Niterói, Salvador e região.', urlImagem: '/banners/exclusivo-desktop.svg', urlImagemMobile: '/banners/exclusivo-mobile.svg',
      textoBotao: 'Ver benefício', beneficioId: benefits.get('tardezinha-niteroi')?.id ?? null, cidades: ['Niterói', ...SALVADOR_AND_REGION],
      inicio: sp(2025, 9, 1, 10, 30), fim: sp(2025, 10, 16, 17, 59, 59),
    },
    {
      chave: 'pre-venda-garrafa', nome: 'Pré-venda Garrafa 1913', regiao: 'pre_venda', ordem: 40, titulo: 'Pré-venda exclusiva: Garrafa Camping Legião 1913',
      texto: 'A edição numerada de 1913 peças abre primeiro para os legionários. Fique de olho na contagem regressiva.', urlImagem: '/banners/pre-venda-desktop.svg', urlImagemMobile: '/banners/pre-venda-mobile.svg',
      urlLink: `${STORE}/pre-venda`, textoBotao: 'Comprar agora', contagemAte: untilCount, cidades: [], inicio: new Date(now.getTime() - DAY), fim: new Date(now.getTime() + 365 * DAY),
    },
    {
      chave: 'lancamento-aurora', nome: 'Lançamento Aurora', regiao: 'lancamento', ordem: 50, titulo: 'Em breve: linha Aurora',
      texto: 'Cores novas para a sua coleção. Veja antes de todo mundo.', urlImagem: '/banners/lancamento-desktop.svg', urlImagemMobile: '/banners/lancamento-mobile.svg',
      urlLink: `${STORE}/aurora`, textoBotao: 'Quero saber mais', cidades: [], abas: ENTRY_TABS as unknown as Prisma.InputJsonValue,
      inicio: new Date(now.getTime() - DAY), fim: new Date(now.getTime() + 365 * DAY),
    },
  ];
  return list.filter((b): b is Prisma.BannerSiteCreateManyInput => b !== null);
}

/** Home FAQ ('faq'), the landing page's 'duvidas' (the same five as its built-in defaults) and one inactive entry. */
export const FAQ_DEMO: Prisma.FaqCreateManyInput[] = [
  { chave: 'faq-saldo', categoria: 'faq', pergunta: 'Como funciona o meu saldo?', resposta: 'O saldo é em pontos: cada indicação confirmada vale 1 ponto. Ele aparece na home e no seu extrato, com cada entrada e cada resgate.' },
  { chave: 'faq-beneficios', categoria: 'faq', pergunta: 'Como resgato um benefício?', resposta: 'Complete o cadastro e personalize o portal. Depois escolha um benefício disponível, aceite os termos e clique em Resgatar: o cupom ou os detalhes do evento ficam guardados no portal.' },
  { chave: 'faq-indicacoes', categoria: 'faq', pergunta: 'Quando uma indicação é confirmada?', resposta: 'Quando o amigo que se cadastrou pelo seu link ativa a conta e tem uma compra verificada na loja oficial. Acompanhe tudo em Indicações.' },
  { chave: 'faq-numero-legiao', categoria: 'faq', pergunta: 'O que é o número de legionário?', resposta: 'Cada peça comprada na loja oficial e verificada recebe um número de 1 a 1913 do seu produto, que nunca se repete. Ele aparece no card do produto na sua coleção.' },
  { chave: 'faq-colecao', categoria: 'faq', pergunta: 'Como adiciono um produto à minha coleção?', resposta: 'As compras da loja oficial entram sozinhas. Produtos comprados em outro lugar ou recebidos de presente você adiciona em Adicionar produto.' },
  { chave: 'faq-pesquisa', categoria: 'faq', pergunta: 'Para que serve a pesquisa de personalização?', resposta: 'Ela define o seu perfil no portal: banners, recomendações e selos passam a combinar com o seu estilo, e os benefícios ficam liberados.' },
  { chave: 'duvidas-o-que-e', categoria: 'duvidas', pergunta: 'O que é a Legião?', resposta: 'A Legião é o portal de relacionamento para fãs e colecionadores da marca. Aqui você reúne sua coleção, completa missões indicando amigos, acumula saldo e troca por benefícios exclusivos.' },
  { chave: 'duvidas-cadastro', categoria: 'duvidas', pergunta: 'Como faço para me cadastrar?', resposta: 'Clique em Cadastre-se, informe seu e-mail, crie uma senha e preencha seus dados. Depois é só ativar a conta pelo link que enviamos para o seu e-mail.' },
  { chave: 'duvidas-tipos-beneficio', categoria: 'duvidas', pergunta: 'Quais são os tipos de benefícios?', resposta: 'Cupons exclusivos de até 30% de desconto, shows e eventos por todo o Brasil, promoções lendárias e acesso antecipado a lançamentos.' },
  { chave: 'duvidas-resgate', categoria: 'duvidas', pergunta: 'Como resgato um benefício?', resposta: 'Entre no portal, acesse a área de benefícios, escolha um benefício disponível, aceite os termos e clique em Resgatar. O cupom ou os detalhes do evento ficam guardados no seu portal.' },
  { chave: 'duvidas-gratuito', categoria: 'duvidas', pergunta: 'Preciso pagar para participar?', resposta: 'Não. O cadastro e a participação na Legião são totalmente gratuitos.' },
  { chave: 'duvidas-loja-fisica', categoria: 'duvidas', ativo: false, pergunta: 'Posso usar o cupom na loja física?', resposta: 'Por enquanto os cupons valem só na loja oficial on-line.' },
].map((f, i) => ({ ...f, ordem: (i + 1) * 10 })) as Prisma.FaqCreateManyInput[];

/** What seedDemo runs, after the benefits (the exclusive banners point at them). */
export async function seedEngagementDemo(prisma: Db, now = new Date()) {
  const benefits = new Map(
    (await prisma.beneficio.findMany({ where: { chave: { in: ['tardezinha-niteroi', 'tardezinha-salvador'] } }, select: { id: true, chave: true, inicio: true, fim: true } })).map((b) => [b.chave, b]),
  );
  const banners = await prisma.banner.createMany({ data: BANNERS_HOME_DEMO, skipDuplicates: true });
  const bannersSite = await prisma.bannerSite.createMany({ data: bannersSiteDemo(now, benefits), skipDuplicates: true });
  const faq = await prisma.faq.createMany({ data: FAQ_DEMO, skipDuplicates: true });
  // Databases seeded before Beneficio.experiencia existed: give the demo events their badge once.
  for (const b of benefitsDemo(now)) {
    if (b.experiencia) await prisma.beneficio.updateMany({ where: { chave: b.chave, experiencia: null }, data: { experiencia: b.experiencia } });
  }
  return { banners: banners.count, bannersSite: bannersSite.count, faq: faq.count };
}
