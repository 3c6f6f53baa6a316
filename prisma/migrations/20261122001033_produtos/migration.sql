-- Hand-written: the trigram operators the name-search index uses (docs/decisions/0007-catalogue-api.md).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateTable
CREATE TABLE "produto" (
    "id" SERIAL NOT NULL,
    "sku" TEXT NOT NULL,
    "nome" TEXT NOT NULL,
    "nome_busca" TEXT NOT NULL,
    "categoria" TEXT NOT NULL,
    "subcategoria" TEXT NOT NULL,
    "img" TEXT NOT NULL,
    "img_alternativa" TEXT,
    "imagem3" TEXT,
    "imagem4" TEXT,
    "descricao_detalhe" TEXT NOT NULL,
    "tempo_quente" INTEGER,
    "tempo_gelado" INTEGER,
    "tempo_com_gelo" INTEGER,
    "moldura" TEXT,
    "ativo" BOOLEAN NOT NULL DEFAULT true,
    "numeros_atribuidos" INTEGER NOT NULL DEFAULT 0,
    "criado_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "atualizado_em" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "produto_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "produto_cliente" (
    "id" UUID NOT NULL,
    "usuario_id" UUID NOT NULL,
    "produto_id" INTEGER NOT NULL,
    "quantidade" INTEGER NOT NULL DEFAULT 1,
    "data_compra" DATE NOT NULL,
    "local_compra" TEXT NOT NULL,
    "produto_validado" BOOLEAN NOT NULL DEFAULT false,
    "presente" BOOLEAN NOT NULL DEFAULT false,
    "quantidade_presente" INTEGER NOT NULL DEFAULT 0,
    "codigo_pedido" TEXT,
    "criado_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "atualizado_em" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "produto_cliente_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "numero_legionario" (
    "produto_id" INTEGER NOT NULL,
    "numero" INTEGER NOT NULL,
    "produto_cliente_id" UUID NOT NULL,
    "atribuido_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "numero_legionario_pkey" PRIMARY KEY ("produto_id","numero")
);

-- CreateIndex
CREATE UNIQUE INDEX "produto_sku_key" ON "produto"("sku");

-- CreateIndex
CREATE INDEX "produto_categoria_subcategoria_idx" ON "produto"("categoria", "subcategoria");

-- CreateIndex
CREATE INDEX "produto_nome_id_idx" ON "produto"("nome", "id");

-- CreateIndex
CREATE INDEX "produto_nome_busca_trgm_idx" ON "produto" USING GIN ("nome_busca" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "produto_cliente_usuario_id_produto_id_idx" ON "produto_cliente"("usuario_id", "produto_id");

-- CreateIndex
CREATE UNIQUE INDEX "produto_cliente_codigo_pedido_produto_id_key" ON "produto_cliente"("codigo_pedido", "produto_id");

-- CreateIndex
CREATE INDEX "numero_legionario_produto_cliente_id_idx" ON "numero_legionario"("produto_cliente_id");

-- AddForeignKey
ALTER TABLE "produto_cliente" ADD CONSTRAINT "produto_cliente_usuario_id_fkey" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "produto_cliente" ADD CONSTRAINT "produto_cliente_produto_id_fkey" FOREIGN KEY ("produto_id") REFERENCES "produto"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "numero_legionario" ADD CONSTRAINT "numero_legionario_produto_id_fkey" FOREIGN KEY ("produto_id") REFERENCES "produto"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "numero_legionario" ADD CONSTRAINT "numero_legionario_produto_cliente_id_fkey" FOREIGN KEY ("produto_cliente_id") REFERENCES "produto_cliente"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Hand-written: rules Prisma's schema language can't express (docs/decisions/0006-legion-numbers.md).
ALTER TABLE "produto" ADD CONSTRAINT "produto_numeros_atribuidos_check" CHECK ("numeros_atribuidos" BETWEEN 0 AND 1913);
ALTER TABLE "produto_cliente" ADD CONSTRAINT "produto_cliente_quantidade_check" CHECK ("quantidade" >= 1);
ALTER TABLE "produto_cliente" ADD CONSTRAINT "produto_cliente_quantidade_presente_check" CHECK ("quantidade_presente" BETWEEN 0 AND "quantidade");
ALTER TABLE "produto_cliente" ADD CONSTRAINT "produto_cliente_pedido_validado_check" CHECK ("codigo_pedido" IS NULL OR "produto_validado");
ALTER TABLE "numero_legionario" ADD CONSTRAINT "numero_legionario_numero_check" CHECK ("numero" BETWEEN 1 AND 1913);
