-- CreateEnum
CREATE TYPE "tipo_importacao" AS ENUM ('compras', 'usos_cupom');

-- CreateEnum
CREATE TYPE "estado_importacao" AS ENUM ('simulado', 'aplicando', 'concluido', 'falhou');

-- CreateTable
CREATE TABLE "importacao" (
    "id" UUID NOT NULL,
    "tipo" "tipo_importacao" NOT NULL,
    "arquivo" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL DEFAULT 0,
    "estado" "estado_importacao" NOT NULL DEFAULT 'simulado',
    "cabecalho" JSONB NOT NULL DEFAULT '[]',
    "mapeamento" JSONB NOT NULL DEFAULT '{}',
    "linhas" INTEGER NOT NULL DEFAULT 0,
    "simulacao" JSONB NOT NULL DEFAULT '{}',
    "resultado" JSONB NOT NULL DEFAULT '{}',
    "total" INTEGER NOT NULL DEFAULT 0,
    "processados" INTEGER NOT NULL DEFAULT 0,
    "erro" TEXT,
    "criado_por" UUID,
    "criado_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "atualizado_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "aplicado_em" TIMESTAMP(3),
    "concluido_em" TIMESTAMP(3),

    CONSTRAINT "importacao_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "importacao_linha" (
    "importacao_id" UUID NOT NULL,
    "linha" INTEGER NOT NULL,
    "situacao" TEXT NOT NULL,
    "motivo" TEXT,
    "texto" TEXT NOT NULL,
    "ordem" INTEGER,
    "pedido" TEXT,
    "email" TEXT,
    "cpf" TEXT,
    "produto_id" INTEGER,
    "quantidade" INTEGER,
    "data" DATE,
    "codigo" TEXT,
    "usuario_id" UUID,
    "entrada_id" UUID,

    CONSTRAINT "importacao_linha_pkey" PRIMARY KEY ("importacao_id","linha")
);

-- CreateIndex
CREATE INDEX "importacao_tipo_criado_em_idx" ON "importacao"("tipo", "criado_em");

-- CreateIndex
CREATE INDEX "importacao_linha_importacao_id_ordem_idx" ON "importacao_linha"("importacao_id", "ordem");

