import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addProductResponseSchema,
  addProductSchema,
  categoriesResponseSchema,
  editProductResponseSchema,
  editProductSchema,
  errorResponseSchema,
  memberProductGroupsSchema,
  productSearchQuerySchema,
  memberProductIdParamsSchema,
  memberProductQuerySchema,
  productIdParamsSchema,
  productListQuerySchema,
  productPageSchema,
  productSchema,
  removeProductQuerySchema,
  removeProductResponseSchema,
} from '@legiao/contracts';
import { sharedAnswer } from '../../cache/content-cache.js';
import { sendShared } from '../../cache/send-cached.js';
import { loadProducts, getProduct, listCategories, listProducts, searchProducts } from './produto.service.js';
import { addCustomerProduct, findCustomerProducts, removeCustomerProduct, updateCustomerProduct } from './member-product.service.js';

// Catalogue (public) and the member's products (bearer). Shapes: packages/contracts/src/produto.ts;
// rules: docs/decisions/0006-legion-numbers.md and 0007-catalogue-api.md.

const tags = ['produto'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 404: errorResponseSchema };
const memberErrors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  // The catalogue is staff content: the categories and every product by id stay in memory until the
  // table changes (ADR 0019); the paged search keeps its SQL (trigram index, the database's collation).
  const categories = app.cache.define('produto-categorias', ['produto'], async () => sharedAnswer(categoriesResponseSchema.parse(await listCategories(app))));
  const products = app.cache.define('produto-por-id', ['produto'], () => loadProducts(app));

  // --- catalogue -----------------------------------------------------------------------------
  app.get(
    '/produto',
    {
      schema: {
        tags,
        summary: 'Catálogo ativo, por nome (GET /produto/?page=1&pageSize=1000)',
        description: 'Resposta { items, page, pageSize, total }. pageSize de 1 a 1000 (padrão 1000).',
        querystring: productListQuerySchema,
        response: { 200: productPageSchema, 400: errorResponseSchema },
      },
    },
    async (request) => listProducts(app, request.query),
  );

  app.get(
    '/produto/busca',
    {
      schema: {
        tags,
        summary: 'Busca no catálogo',
        description:
          'q é dividido por espaços e cada palavra precisa aparecer no nome (sem diferenciar maiúsculas nem acentos). ' +
          "categoria e subcategoria filtram pelo valor exato; vazio ou 'TODOS' não filtra. Paginado: page (padrão 1), pageSize (padrão 48, até 1000).",
        querystring: productSearchQuerySchema,
        response: { 200: productPageSchema, 400: errorResponseSchema },
      },
    },
    async (request) => searchProducts(app, request.query),
  );

  app.get(
    '/produto/categoria',
    {
      schema: {
        tags,
        summary: 'Categorias e suas subcategorias (linhas de produto)',
        description: 'Só categorias com produtos ativos, na ordem Bar, Café, Hidratação, Camping, Youth, Mate.',
        response: { 200: categoriesResponseSchema },
      },
    },
    async (request, reply) => sendShared(request, reply, await categories(), 'public'),
  );

  // --- the member's products -----------------------------------------------------------------
  app.get(
    '/produto/cliente',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        ...secured,
        summary: 'Produtos do membro, agrupados por produto',
        description:
          'lista=todos (padrão) traz todos os grupos; lista=colecao (home e Minha coleção) remove os grupos em que todas as entradas são compras ' +
          'verificadas compradas inteiramente para presente; lista=presentes (Meus presentes) mantém só os grupos com ao menos uma compra verificada ' +
          'comprada para presente. idProduto restringe a um produto (página de edição).',
        querystring: memberProductQuerySchema,
        response: { 200: memberProductGroupsSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => findCustomerProducts(app, request.usuario.id, request.query),
  );

  app.post(
    '/produto/cliente',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        ...secured,
        summary: 'Adiciona um produto à coleção (entrada não verificada)',
        description:
          "localCompra 'Outro' exige localCompraOutro, que o substitui; 'Ganhei de presente' marca presente. dataCompra (AAAA-MM-DD ou dd/MM/aaaa) " +
          'é hoje quando ausente; nula ou inválida responde \'Data inválida\'. produtoValidado e números da Legião não podem ser enviados.',
        body: addProductSchema,
        response: { 201: addProductResponseSchema, ...memberErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await addCustomerProduct(app, request.usuario.id, request.body)),
  );

  app.put(
    '/produto/cliente',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        ...secured,
        summary: 'Altera uma entrada (pedido) do membro',
        description:
          'Atualização parcial: campos ausentes ficam como estão. id escolhe a entrada; sem id, altera a única entrada de idProduto (400 se houver mais de uma). ' +
          'Compras verificadas só aceitam compradoParaPresente / quantidadePresente (0 até a quantidade do pedido); as demais aceitam localCompra, dataCompra, quantidade e presente.',
        body: editProductSchema,
        response: { 200: editProductResponseSchema, ...memberErrors },
      },
    },
    async (request) => updateCustomerProduct(app, request.usuario.id, request.body),
  );

  app.delete(
    '/produto/cliente/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        ...secured,
        summary: 'Remove uma entrada não verificada (todos=true: todas as entradas daquele produto)',
        description: 'Recusa (409) a remoção de compra verificada; com todos=true, recusa se qualquer entrada do produto for verificada. Nada é removido nesse caso.',
        params: memberProductIdParamsSchema,
        querystring: removeProductQuerySchema,
        response: { 200: removeProductResponseSchema, ...memberErrors },
      },
    },
    async (request) => removeCustomerProduct(app, request.usuario.id, request.params.id, request.query.todos),
  );

  // Fastify's router prefers the static paths above (busca, categoria, cliente) to this one.
  app.get(
    '/produto/:id',
    {
      schema: { tags, summary: 'Um produto do catálogo', params: productIdParamsSchema, response: { 200: productSchema, ...errors } },
    },
    async (request) => getProduct(await products(), request.params.id),
  );
};

export default productRoutes;
