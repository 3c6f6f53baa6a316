-- CreateEnum
CREATE TYPE "estado_importacao_cupom" AS ENUM ('analisando', 'analisado', 'importando', 'concluido', 'falhou', 'cancelado');

-- CreateTable
CREATE TABLE "cupom_importacao" (
    "id" UUID NOT NULL,
    "beneficio_id" INTEGER NOT NULL,
    "opcao_id" INTEGER,
    "arquivo" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL DEFAULT 0,
    "estado" "estado_importacao_cupom" NOT NULL DEFAULT 'analisando',
    "linhas" INTEGER NOT NULL DEFAULT 0,
    "invalidos" INTEGER NOT NULL DEFAULT 0,
    "duplicados_arquivo" INTEGER NOT NULL DEFAULT 0,
    "ja_livres" INTEGER NOT NULL DEFAULT 0,
    "ja_resgatados" INTEGER NOT NULL DEFAULT 0,
    "outro_beneficio" INTEGER NOT NULL DEFAULT 0,
    "novos" INTEGER NOT NULL DEFAULT 0,
    "preparados" INTEGER NOT NULL DEFAULT 0,
    "processados" INTEGER NOT NULL DEFAULT 0,
    "importados" INTEGER NOT NULL DEFAULT 0,
    "amostra" JSONB NOT NULL DEFAULT '[]',
    "exemplos_invalidos" JSONB NOT NULL DEFAULT '[]',
    "erro" TEXT,
    "criado_por" UUID,
    "criado_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "atualizado_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "confirmado_em" TIMESTAMP(3),
    "concluido_em" TIMESTAMP(3),

    CONSTRAINT "cupom_importacao_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "cupom_importacao_codigo" (
    "importacao_id" UUID NOT NULL,
    "n" INTEGER NOT NULL,
    "codigo" TEXT NOT NULL,

    CONSTRAINT "cupom_importacao_codigo_pkey" PRIMARY KEY ("importacao_id","n")
);

-- CreateTable
CREATE TABLE "cupom_alerta" (
    "beneficio_id" INTEGER NOT NULL,
    "minimo" INTEGER NOT NULL,

    CONSTRAINT "cupom_alerta_pkey" PRIMARY KEY ("beneficio_id")
);

-- CreateTable
CREATE TABLE "imagem" (
    "id" UUID NOT NULL,
    "hash" TEXT NOT NULL,
    "uso" TEXT NOT NULL,
    "arquivo" TEXT NOT NULL,
    "formato" TEXT NOT NULL,
    "largura" INTEGER NOT NULL,
    "altura" INTEGER NOT NULL,
    "bytes" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "variantes" JSONB NOT NULL,
    "criado_por" UUID,
    "criado_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "imagem_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "cupom_importacao_beneficio_id_criado_em_idx" ON "cupom_importacao"("beneficio_id", "criado_em");

-- CreateIndex
CREATE INDEX "imagem_uso_criado_em_idx" ON "imagem"("uso", "criado_em");

-- CreateIndex
CREATE UNIQUE INDEX "imagem_hash_uso_key" ON "imagem"("hash", "uso");

-- AddForeignKey
ALTER TABLE "cupom_importacao" ADD CONSTRAINT "cupom_importacao_beneficio_id_fkey" FOREIGN KEY ("beneficio_id") REFERENCES "beneficio"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cupom_alerta" ADD CONSTRAINT "cupom_alerta_beneficio_id_fkey" FOREIGN KEY ("beneficio_id") REFERENCES "beneficio"("id") ON DELETE CASCADE ON UPDATE CASCADE;



-- Hand-written (docs/decisions/0028-code-pools-and-images.md).

-- Staging rows of an upload: written once by COPY, read by the analysis and the confirmation, then
-- deleted. UNLOGGED skips the WAL (a million codes are ~40 MB of WAL otherwise); after a crash the
-- table comes back empty and the import asks for the file again (the confirmation checks the count).
ALTER TABLE "cupom_importacao_codigo" SET UNLOGGED;

-- Counts are never negative; the use is one of the known ones.
ALTER TABLE "cupom_alerta" ADD CONSTRAINT "cupom_alerta_minimo_check" CHECK ("minimo" >= 0);
ALTER TABLE "imagem" ADD CONSTRAINT "imagem_uso_check" CHECK ("uso" IN ('beneficio', 'banner-desktop', 'banner-mobile', 'produto'));
