import { DEFAULT_PRODUCT_IMAGE, FRAMES, type Category } from '@legiao/contracts';
import type { Db } from './prisma.js';
import { searchName } from '../features/produto/name-search.js';
import { createVerifiedEntry } from '../features/produto/purchases-import.js';

// The demo catalogue: 50 products in 13 product lines over the six categories, each with four
// drawings shipped in apps/web/public/produtos (generated from this list by
// src/features/produto/imagens/generate-images.ts; nothing is loaded from the internet).

/** The drawing a product line uses (src/features/produto/imagens/drawings.ts). */
export type Shape = 'copo' | 'copo-long' | 'caneca' | 'caneca-camping' | 'tumbler' | 'tumbler-canudo' | 'garrafa' | 'garrafa-grande' | 'garrafa-mate' | 'garrafa-alca' | 'kids' | 'cuia';
export type Edition = 'collab' | 'artista' | 'legiao';

export const COLORS = {
  preto: { nome: 'Preto', hex: '#2d2f33' },
  branco: { nome: 'Branco', hex: '#eceae4' },
  vermelho: { nome: 'Vermelho', hex: '#b83a32' },
  'azul-marinho': { nome: 'Azul Marinho', hex: '#233a5e' },
  'verde-musgo': { nome: 'Verde Musgo', hex: '#5d6b3c' },
  azul: { nome: 'Azul', hex: '#3c6eb4' },
  grafite: { nome: 'Grafite', hex: '#5a5f66' },
  areia: { nome: 'Areia', hex: '#d6c3a1' },
  lilas: { nome: 'Lilás', hex: '#9d8ac7' },
  rosa: { nome: 'Rosa', hex: '#e89bb0' },
  verde: { nome: 'Verde', hex: '#3f8a5a' },
  marrom: { nome: 'Marrom', hex: '#7b5134' },
  turquesa: { nome: 'Turquesa', hex: '#3aa7a3' },
  laranja: { nome: 'Laranja', hex: '#e0793a' },
  amarelo: { nome: 'Amarelo', hex: '#f0c24b' },
} as const;
export type Cor = keyof typeof COLORS;

export const CLASSIC_FRAME = FRAMES[0];

interface Line {
  subcategoria: string;
  categoria: Category;
  shape: Shape;
  /** File-name stem of the drawings, e.g. 'copo-termico-bar' -> /produtos/copo-termico-bar-preto.svg */
  arquivo: string;
  sku: string;
  descricao: string;
  times: { hot: number | null; cold: number | null; withIce: number | null };
  cores: Cor[];
  /** Special editions: their own name suffix, frame and drawing pattern. */
  editions?: { chave: string; nome: string; cor: Cor; moldura: (typeof FRAMES)[number]; edition: Edition; descricao: string }[];
}

const LINES: Line[] = [
  {
    subcategoria: 'Copo Térmico Cerveja 473ml',
    categoria: 'Bar',
    shape: 'copo',
    arquivo: 'copo-termico-bar',
    sku: 'BAR-COPO473',
    descricao: 'Copo de aço inox com parede dupla a vácuo, do tamanho certo para uma lata. Mantém a cerveja trincando do primeiro ao último gole e não sua na mão.',
    times: { hot: null, cold: 4, withIce: 12 },
    cores: ['preto', 'branco', 'vermelho', 'azul-marinho', 'verde-musgo'],
    editions: [
      { chave: 'serra-azul', nome: 'Serra Azul', cor: 'azul', moldura: 'Collab Cervejaria Serra Azul', edition: 'collab', descricao: 'Edição da parceria com a Cervejaria Serra Azul, com a faixa listrada da casa.' },
    ],
  },
  {
    subcategoria: 'Copo Long Drink 650ml',
    categoria: 'Bar',
    shape: 'copo-long',
    arquivo: 'copo-long-drink',
    sku: 'BAR-LONG650',
    descricao: 'Copo alto com tampa e canudo de aço para drinks longos. Parede dupla, boca larga para gelo e base que não escorrega no balcão.',
    times: { hot: null, cold: 6, withIce: 18 },
    cores: ['preto', 'grafite', 'areia'],
    editions: [
      { chave: 'nina-prado', nome: 'Nina Prado', cor: 'lilas', moldura: 'Artista Nina Prado', edition: 'artista', descricao: 'Estampa ondulada assinada pela artista Nina Prado, em tiragem de colecionador.' },
    ],
  },
  {
    subcategoria: 'Caneca Térmica 350ml',
    categoria: 'Café',
    shape: 'caneca',
    arquivo: 'caneca-termica',
    sku: 'CAF-CANECA350',
    descricao: 'Caneca com alça e tampa deslizante para o café da mesa ao carro. Aço inox por dentro, sem gosto e fácil de lavar.',
    times: { hot: 3, cold: 5, withIce: 20 },
    cores: ['preto', 'areia', 'rosa', 'verde'],
    editions: [
      { chave: 'grao-nobre', nome: 'Grão Nobre', cor: 'marrom', moldura: 'Collab Torrefação Grão Nobre', edition: 'collab', descricao: 'Feita com a Torrefação Grão Nobre para quem leva o café a sério.' },
    ],
  },
  {
    subcategoria: 'Copo Café To Go 300ml',
    categoria: 'Café',
    shape: 'tumbler',
    arquivo: 'copo-cafe',
    sku: 'CAF-TOGO300',
    descricao: 'Copo com tampa de encaixe e bocal para beber andando. Cabe no porta-copos e na máquina de café.',
    times: { hot: 4, cold: 6, withIce: 16 },
    cores: ['grafite', 'branco', 'turquesa'],
  },
  {
    subcategoria: 'Garrafa Térmica 750ml',
    categoria: 'Hidratação',
    shape: 'garrafa',
    arquivo: 'garrafa-750',
    sku: 'HID-GARRAFA750',
    descricao: 'Garrafa de aço inox com tampa rosqueável e alça de dedo. Vai na mochila sem vazar e aguenta o dia inteiro de treino.',
    times: { hot: 12, cold: 24, withIce: 48 },
    cores: ['preto', 'azul', 'verde', 'lilas', 'branco'],
  },
  {
    subcategoria: 'Tumbler com Canudo 900ml',
    categoria: 'Hidratação',
    shape: 'tumbler-canudo',
    arquivo: 'tumbler-canudo',
    sku: 'HID-TUMBLER900',
    descricao: 'Copo grande com alça, tampa giratória e canudo. A base estreita entra no porta-copos do carro.',
    times: { hot: 5, cold: 9, withIce: 40 },
    cores: ['rosa', 'areia', 'turquesa', 'preto'],
  },
  {
    subcategoria: 'Garrafa Térmica 1,2L',
    categoria: 'Hidratação',
    shape: 'garrafa-grande',
    arquivo: 'garrafa-1200',
    sku: 'HID-GARRAFA1200',
    descricao: 'A garrafa para o dia todo: 1,2 litro, boca larga para gelo e tampa com alça reforçada.',
    times: { hot: 20, cold: 30, withIce: 72 },
    cores: ['grafite', 'azul-marinho'],
  },
  {
    subcategoria: 'Caneca Camping 400ml',
    categoria: 'Camping',
    shape: 'caneca-camping',
    arquivo: 'caneca-camping',
    sku: 'CMP-CANECA400',
    descricao: 'Caneca empilhável de borda larga para o café na barraca e a sopa no fim da trilha. Leve, resistente a quedas.',
    times: { hot: 1, cold: 2, withIce: 6 },
    cores: ['verde-musgo', 'laranja', 'areia'],
  },
  {
    subcategoria: 'Garrafa Camping 1,5L',
    categoria: 'Camping',
    shape: 'garrafa-alca',
    arquivo: 'garrafa-camping',
    sku: 'CMP-GARRAFA1500',
    descricao: 'Garrafa robusta com alça lateral e tampa que vira copo. Feita para acampar, pescar e dividir.',
    times: { hot: 24, cold: 24, withIce: 96 },
    cores: ['verde-musgo', 'preto', 'laranja'],
    editions: [
      { chave: 'legiao-1913', nome: 'Legião 1913', cor: 'preto', moldura: 'Legião 1913', edition: 'legiao', descricao: 'Série dos fundadores com faixa dourada: cada peça verificada recebe seu número da Legião.' },
    ],
  },
  {
    subcategoria: 'Garrafinha Kids 400ml',
    categoria: 'Youth',
    shape: 'kids',
    arquivo: 'garrafinha-kids',
    sku: 'YTH-KIDS400',
    descricao: 'Garrafinha leve com bico de canudo retrátil e alça para pendurar na mochila da escola. Tampa à prova de vazamento.',
    times: { hot: null, cold: 8, withIce: 20 },
    cores: ['rosa', 'azul', 'amarelo', 'verde', 'lilas'],
  },
  {
    subcategoria: 'Garrafinha Kids 550ml',
    categoria: 'Youth',
    shape: 'kids',
    arquivo: 'garrafinha-kids-550',
    sku: 'YTH-KIDS550',
    descricao: 'A garrafinha para quem cresceu: mais água para o recreio e o futebol, com o mesmo bico fácil de abrir.',
    times: { hot: null, cold: 10, withIce: 24 },
    cores: ['laranja', 'turquesa'],
  },
  {
    subcategoria: 'Cuia Térmica 250ml',
    categoria: 'Mate',
    shape: 'cuia',
    arquivo: 'cuia-termica',
    sku: 'MAT-CUIA250',
    descricao: 'Cuia de parede dupla com borda de aço que não queima a mão. Mantém o chimarrão quente e o tereré gelado.',
    times: { hot: 2, cold: 4, withIce: null },
    cores: ['preto', 'verde', 'areia', 'marrom'],
    editions: [
      { chave: 'joca-pampa', nome: 'Joca Pampa', cor: 'vermelho', moldura: 'Artista Joca Pampa', edition: 'artista', descricao: 'Traços do artista gaúcho Joca Pampa em uma edição para a roda de mate.' },
    ],
  },
  {
    subcategoria: 'Garrafa Térmica Mate 1L',
    categoria: 'Mate',
    shape: 'garrafa-mate',
    arquivo: 'garrafa-mate',
    sku: 'MAT-GARRAFA1000',
    descricao: 'Garrafa com bico dosador para servir a água na temperatura certa, cuia após cuia.',
    times: { hot: 24, cold: 24, withIce: 60 },
    cores: ['preto', 'verde'],
  },
];

export interface ProductSeed {
  sku: string;
  nome: string;
  categoria: Category;
  subcategoria: string;
  descricaoDetalhe: string;
  tempoQuente: number | null;
  tempoGelado: number | null;
  tempoComGelo: number | null;
  moldura: string;
  /** The four image URLs: img, imgAlternativa, imagem3, imagem4. */
  images: [string, string, string, string];
  drawing: { shape: Shape; cor: Cor; edition?: Edition; arquivo: string };
}

const images = (base: string): ProductSeed['images'] => [`/produtos/${base}.svg`, `/produtos/${base}-2.svg`, `/produtos/${base}-3.svg`, `/produtos/${base}-4.svg`];

export const CATALOGUE: ProductSeed[] = LINES.flatMap((l) => {
  const base = { categoria: l.categoria, subcategoria: l.subcategoria, tempoQuente: l.times.hot, tempoGelado: l.times.cold, tempoComGelo: l.times.withIce };
  const colors = l.cores.map((cor) => ({
    ...base,
    sku: `${l.sku}-${cor.toUpperCase()}`,
    nome: `${l.subcategoria} ${COLORS[cor].nome}`,
    descricaoDetalhe: `${l.descricao} Cor ${COLORS[cor].nome.toLowerCase()}.`,
    moldura: CLASSIC_FRAME,
    images: images(`${l.arquivo}-${cor}`),
    drawing: { shape: l.shape, cor, arquivo: `${l.arquivo}-${cor}` },
  }));
  const editions = (l.editions ?? []).map((e) => ({
    ...base,
    sku: `${l.sku}-${e.chave.toUpperCase()}`,
    nome: `${l.subcategoria} ${e.nome}`,
    descricaoDetalhe: `${l.descricao} ${e.descricao}`,
    moldura: e.moldura,
    images: images(`${l.arquivo}-${e.chave}`),
    drawing: { shape: l.shape, cor: e.cor, edition: e.edition, arquivo: `${l.arquivo}-${e.chave}` },
  }));
  return [...colors, ...editions];
});

export const DEFAULT_IMAGE = DEFAULT_PRODUCT_IMAGE;

/**
 * Idempotent and safe to run from several processes at once: inserts the products whose SKU is
 * missing (ON CONFLICT DO NOTHING) and leaves existing rows alone. Returns how many it created.
 */
export async function seedCatalogue(prisma: Db): Promise<number> {
  const { count } = await prisma.produto.createMany({
    data: CATALOGUE.map((p) => ({
      sku: p.sku,
      nome: p.nome,
      nomeBusca: searchName(p.nome),
      categoria: p.categoria,
      subcategoria: p.subcategoria,
      img: p.images[0],
      imgAlternativa: p.images[1],
      imagem3: p.images[2],
      imagem4: p.images[3],
      descricaoDetalhe: p.descricaoDetalhe,
      tempoQuente: p.tempoQuente,
      tempoGelado: p.tempoGelado,
      tempoComGelo: p.tempoComGelo,
      moldura: p.moldura,
    })),
    skipDuplicates: true,
  });
  return count;
}

/** The demo member's collection: two own entries, two verified purchases with legion numbers, one verified gift. */
const DEMO_COLLECTION = [
  { sku: 'CMP-GARRAFA1500-LEGIAO-1913', dataCompra: '2025-03-14', verified: { pedido: 'DEMO-1001', quantidade: 1, gifts: 0 } },
  { sku: 'BAR-COPO473-PRETO', dataCompra: '2025-06-02', verified: { pedido: 'DEMO-1002', quantidade: 2, gifts: 0 } },
  { sku: 'YTH-KIDS400-ROSA', dataCompra: '2025-10-01', verified: { pedido: 'DEMO-1003', quantidade: 1, gifts: 1 } },
  { sku: 'MAT-CUIA250-VERDE', dataCompra: '2024-12-25', localCompra: 'Ganhei de presente', presente: true },
  { sku: 'CAF-CANECA350-AREIA', dataCompra: '2025-01-20', localCompra: 'Amazon', presente: false },
];

/**
 * Gives the demo member a few products, once: only while the member has none at all (verified
 * entries can't be removed, so after the first run this never adds again). An advisory lock makes
 * concurrent seeds (several API processes, parallel tests) wait for each other.
 */
export async function seedCollectionDemo(prisma: Db, email: string): Promise<number> {
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('legiao:seed-colecao-demo'))`;
    const user = await tx.usuario.findUnique({ where: { email }, select: { id: true } });
    if (!user || (await tx.produtoCliente.count({ where: { usuarioId: user.id } }))) return 0;
    const products = await tx.produto.findMany({ where: { sku: { in: DEMO_COLLECTION.map((c) => c.sku) } }, select: { id: true, sku: true } });
    const idBySku = new Map(products.map((p) => [p.sku, p.id]));
    let created = 0;
    for (const c of DEMO_COLLECTION) {
      const productId = idBySku.get(c.sku);
      if (!productId) continue;
      if (c.verified) {
        const v = c.verified;
        await createVerifiedEntry(tx, { usuarioId: user.id, produtoId: productId, quantidade: v.quantidade, quantidadePresente: v.gifts, dataCompra: c.dataCompra, codigoPedido: `${v.pedido}-${user.id.slice(0, 8)}` });
      } else {
        await tx.produtoCliente.create({ data: { usuarioId: user.id, produtoId: productId, dataCompra: new Date(`${c.dataCompra}T00:00:00.000Z`), localCompra: c.localCompra!, presente: c.presente ?? false } });
      }
      created++;
    }
    return created;
  }, { timeout: 60_000, maxWait: 30_000 }); // seeds run at start-up, possibly on a busy machine
}

/** What seedDemo runs: the catalogue, then the demo member's collection. */
export async function seedCatalogueDemo(prisma: Db) {
  const products = await seedCatalogue(prisma);
  const entries = await seedCollectionDemo(prisma, 'membro@legiao.dev');
  return { produtos: products, entradas: entries };
}
