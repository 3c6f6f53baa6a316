import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adicionarProdutoResponseSchema,
  adicionarProdutoSchema,
  categoriasResponseSchema,
  editarProdutoResponseSchema,
  editarProdutoSchema,
  errorResponseSchema,
  gruposProdutoClienteSchema,
  produtoBuscaQuerySchema,
  produtoClienteIdParamsSchema,
  produtoClienteQuerySchema,
  produtoIdParamsSchema,
  produtoListaQuerySchema,
  produtoPaginaSchema,
  produtoSchema,
  removerProdutoQuerySchema,
  removerProdutoResponseSchema,
} from '@legiao/contracts';
import { sharedAnswer } from '../../cache/content-cache.js';
import { sendShared } from '../../cache/send-cached.js';
import { carregarProdutos, getProduto, listCategorias, listProdutos, searchProdutos } from './produto.service.js';
import { addCustomerProduct, findCustomerProducts, removeCustomerProduct, updateCustomerProduct } from './produto-cliente.service.js';

// Catalogue (public) and the member's products (bearer). Shapes: packages/contracts/src/produto.ts;
// rules: docs/decisions/0006-legion-numbers.md and 0007-catalogue-api.md.

const tags = ['produto'];
const secured = { security: [{ bearer: [] }] };
const errors = { 400: errorResponseSchema, 404: errorResponseSchema };
const memberErrors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

export const produtoRoutes: FastifyPluginAsyncZod = async (app) => {
  // The catalogue is staff content: the categories and every product by id stay in memory until the
  // table changes (ADR 0019); the paged search keeps its SQL (trigram index, the database's collation).
  const categorias = app.cache.define('produto-categorias', ['produto'], async () => sharedAnswer(categoriasResponseSchema.parse(await listCategorias(app))));
  const produtos = app.cache.define('produto-por-id', ['produto'], () => carregarProdutos(app));

  // --- catalogue -----------------------------------------------------------------------------
  app.get(
    '/produto',
    {
      schema: {
        tags,
        summary: 'Catálogo ativo, por nome (GET /produto/?page=1&pageSize=1000)',
        description: 'Resposta { items, page, pageSize, total }. pageSize de 1 a 1000 (padrão 1000).',
        querystring: produtoListaQuerySchema,
        response: { 200: produtoPaginaSchema, 400: errorResponseSchema },
      },
    },
    async (request) => listProdutos(app, request.query),
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
        querystring: produtoBuscaQuerySchema,
        response: { 200: produtoPaginaSchema, 400: errorResponseSchema },
      },
    },
    async (request) => searchProdutos(app, request.query),
  );

  app.get(
    '/produto/categoria',
    {
      schema: {
        tags,
        summary: 'Categorias e suas subcategorias (linhas de produto)',
        description: 'Só categorias com produtos ativos, na ordem Bar, Café, Hidratação, Camping, Youth, Mate.',
        response: { 200: categoriasResponseSchema },
      },
    },
    async (request, reply) => sendShared(request, reply, await categorias(), 'public'),
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
        querystring: produtoClienteQuerySchema,
        response: { 200: gruposProdutoClienteSchema, 400: errorResponseSchema, 401: errorResponseSchema },
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
        body: adicionarProdutoSchema,
        response: { 201: adicionarProdutoResponseSchema, ...memberErrors },
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
        body: editarProdutoSchema,
        response: { 200: editarProdutoResponseSchema, ...memberErrors },
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
        params: produtoClienteIdParamsSchema,
        querystring: removerProdutoQuerySchema,
        response: { 200: removerProdutoResponseSchema, ...memberErrors },
      },
    },
    async (request) => removeCustomerProduct(app, request.usuario.id, request.params.id, request.query.todos),
  );

  // Fastify's router prefers the static paths above (busca, categoria, cliente) to this one.
  app.get(
    '/produto/:id',
    {
      schema: { tags, summary: 'Um produto do catálogo', params: produtoIdParamsSchema, response: { 200: produtoSchema, ...errors } },
    },
    async (request) => getProduto(await produtos(), request.params.id),
  );
};

export default produtoRoutes;
