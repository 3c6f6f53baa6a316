-- CreateEnum
CREATE TYPE "origem_compra" AS ENUM ('importacao', 'integracao', 'equipe');

-- CreateEnum
CREATE TYPE "estado_pedido_loja" AS ENUM ('pago', 'cancelado');

-- CreateEnum
CREATE TYPE "situacao_pedido_loja" AS ENUM ('aplicado', 'pendente', 'cancelado');

-- AlterEnum
ALTER TYPE "MotivoLancamento" ADD VALUE 'estorno';

-- AlterEnum
ALTER TYPE "StatusIndicacao" ADD VALUE 'estornada';

-- AlterEnum
ALTER TYPE "papel_equipe" ADD VALUE 'integracoes';

-- AlterTable
ALTER TABLE "produto_cliente" ADD COLUMN     "cancelado_em" TIMESTAMP(3),
ADD COLUMN     "origem" "origem_compra",
ADD COLUMN     "pedido_loja_id" UUID;

-- AlterTable
ALTER TABLE "lancamento" ADD COLUMN     "estorno_de_id" UUID;

-- CreateTable
CREATE TABLE "cliente_integracao" (
    "id" UUID NOT NULL,
    "nome" TEXT NOT NULL,
    "escopos" TEXT[],
    "limite_por_minuto" INTEGER NOT NULL DEFAULT 600,
    "criado_por" UUID,
    "criado_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revogado_em" TIMESTAMP(3),
    "ultimo_uso_em" TIMESTAMP(3),
    "ultimo_uso_ip" TEXT,

    CONSTRAINT "cliente_integracao_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chave_integracao" (
    "id" UUID NOT NULL,
    "cliente_id" UUID NOT NULL,
    "prefixo" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "criada_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expira_em" TIMESTAMP(3),
    "revogada_em" TIMESTAMP(3),
    "ultimo_uso_em" TIMESTAMP(3),

    CONSTRAINT "chave_integracao_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pedido_loja" (
    "id" UUID NOT NULL,
    "pedido" TEXT NOT NULL,
    "cliente_id" UUID,
    "canal" TEXT NOT NULL,
    "email" TEXT,
    "cpf" TEXT,
    "data_compra" DATE NOT NULL,
    "estado" "estado_pedido_loja" NOT NULL,
    "situacao" "situacao_pedido_loja" NOT NULL,
    "conteudo" TEXT NOT NULL,
    "corpo" JSONB NOT NULL,
    "usuario_id" UUID,
    "recebido_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "aplicado_em" TIMESTAMP(3),
    "cancelado_em" TIMESTAMP(3),

    CONSTRAINT "pedido_loja_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pedido_loja_item" (
    "pedido_loja_id" UUID NOT NULL,
    "produto_id" INTEGER NOT NULL,
    "quantidade" INTEGER NOT NULL,
    "quantidade_presente" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "pedido_loja_item_pkey" PRIMARY KEY ("pedido_loja_id","produto_id")
);

-- CreateTable
CREATE TABLE "lote_integracao" (
    "cliente_id" UUID NOT NULL,
    "chave" TEXT NOT NULL,
    "corpo" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "resposta" JSONB NOT NULL,
    "criado_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "lote_integracao_pkey" PRIMARY KEY ("cliente_id","chave")
);

-- CreateIndex
CREATE UNIQUE INDEX "chave_integracao_prefixo_key" ON "chave_integracao"("prefixo");

-- CreateIndex
CREATE INDEX "chave_integracao_cliente_id_idx" ON "chave_integracao"("cliente_id");

-- CreateIndex
CREATE UNIQUE INDEX "pedido_loja_pedido_key" ON "pedido_loja"("pedido");

-- CreateIndex
CREATE INDEX "pedido_loja_cliente_id_recebido_em_idx" ON "pedido_loja"("cliente_id", "recebido_em");

-- CreateIndex
CREATE INDEX "pedido_loja_email_idx" ON "pedido_loja"("email");

-- CreateIndex
CREATE INDEX "pedido_loja_cpf_idx" ON "pedido_loja"("cpf");

-- CreateIndex
CREATE INDEX "pedido_loja_situacao_idx" ON "pedido_loja"("situacao");

-- CreateIndex
CREATE INDEX "lote_integracao_criado_em_idx" ON "lote_integracao"("criado_em");

-- CreateIndex
CREATE INDEX "produto_cliente_pedido_loja_id_idx" ON "produto_cliente"("pedido_loja_id");

-- CreateIndex
CREATE UNIQUE INDEX "lancamento_estorno_de_id_key" ON "lancamento"("estorno_de_id");

-- AddForeignKey
ALTER TABLE "produto_cliente" ADD CONSTRAINT "produto_cliente_pedido_loja_id_fkey" FOREIGN KEY ("pedido_loja_id") REFERENCES "pedido_loja"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lancamento" ADD CONSTRAINT "lancamento_estorno_de_id_fkey" FOREIGN KEY ("estorno_de_id") REFERENCES "lancamento"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chave_integracao" ADD CONSTRAINT "chave_integracao_cliente_id_fkey" FOREIGN KEY ("cliente_id") REFERENCES "cliente_integracao"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pedido_loja" ADD CONSTRAINT "pedido_loja_cliente_id_fkey" FOREIGN KEY ("cliente_id") REFERENCES "cliente_integracao"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pedido_loja_item" ADD CONSTRAINT "pedido_loja_item_pedido_loja_id_fkey" FOREIGN KEY ("pedido_loja_id") REFERENCES "pedido_loja"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lote_integracao" ADD CONSTRAINT "lote_integracao_cliente_id_fkey" FOREIGN KEY ("cliente_id") REFERENCES "cliente_integracao"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Hand-written: every verified purchase so far came from the brand's import (CSV or CLI).
UPDATE "produto_cliente" SET "origem" = 'importacao' WHERE "produto_validado" AND "origem" IS NULL;
