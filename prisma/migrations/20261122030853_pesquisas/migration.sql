-- CreateEnum
CREATE TYPE "TipoPesquisa" AS ENUM ('personalizacao', 'satisfacao');

-- AlterTable
ALTER TABLE "usuario" ALTER COLUMN "hash_pesquisa_satisfacao" SET DEFAULT (gen_random_uuid())::text;

-- Backfill: every existing member gets a satisfaction survey link (anonymised accounts keep none).
UPDATE "usuario" SET "hash_pesquisa_satisfacao" = (gen_random_uuid())::text WHERE "hash_pesquisa_satisfacao" IS NULL AND "excluido_em" IS NULL;

-- CreateTable
CREATE TABLE "pesquisa" (
    "id" SERIAL NOT NULL,
    "chave" TEXT NOT NULL,
    "tipo" "TipoPesquisa" NOT NULL,
    "nome" TEXT NOT NULL,
    "ativa" BOOLEAN NOT NULL DEFAULT true,
    "data_fim" TIMESTAMP(3),
    "criada_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pesquisa_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pesquisa_pergunta" (
    "id" SERIAL NOT NULL,
    "pesquisa_id" INTEGER NOT NULL,
    "ordem" INTEGER NOT NULL,
    "pagina" INTEGER NOT NULL DEFAULT 1,
    "descricao" TEXT NOT NULL,
    "max_respostas" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "pesquisa_pergunta_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pesquisa_pergunta_resposta" (
    "id" SERIAL NOT NULL,
    "pergunta_id" INTEGER NOT NULL,
    "ordem" INTEGER NOT NULL,
    "descricao" TEXT NOT NULL,
    "complemento" BOOLEAN NOT NULL DEFAULT false,
    "exige_complemento" BOOLEAN NOT NULL DEFAULT false,
    "texto_complemento" TEXT,
    "perfil" TEXT,

    CONSTRAINT "pesquisa_pergunta_resposta_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pesquisa_participacao" (
    "id" SERIAL NOT NULL,
    "pesquisa_id" INTEGER NOT NULL,
    "usuario_id" UUID NOT NULL,
    "pagina" INTEGER NOT NULL DEFAULT 1,
    "concluida_em" TIMESTAMP(3),
    "cupom" TEXT,
    "perfil" TEXT,
    "criada_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "atualizada_em" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "pesquisa_participacao_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pesquisa_resposta_usuario" (
    "id" SERIAL NOT NULL,
    "participacao_id" INTEGER NOT NULL,
    "pergunta_id" INTEGER NOT NULL,
    "opcao_id" INTEGER,
    "complemento" TEXT,
    "criada_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pesquisa_resposta_usuario_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "pesquisa_chave_key" ON "pesquisa"("chave");

-- CreateIndex
CREATE INDEX "pesquisa_tipo_ativa_idx" ON "pesquisa"("tipo", "ativa");

-- CreateIndex
CREATE UNIQUE INDEX "pesquisa_pergunta_pesquisa_id_ordem_key" ON "pesquisa_pergunta"("pesquisa_id", "ordem");

-- CreateIndex
CREATE UNIQUE INDEX "pesquisa_pergunta_resposta_pergunta_id_ordem_key" ON "pesquisa_pergunta_resposta"("pergunta_id", "ordem");

-- CreateIndex
CREATE UNIQUE INDEX "pesquisa_participacao_cupom_key" ON "pesquisa_participacao"("cupom");

-- CreateIndex
CREATE INDEX "pesquisa_participacao_usuario_id_idx" ON "pesquisa_participacao"("usuario_id");

-- CreateIndex
CREATE UNIQUE INDEX "pesquisa_participacao_pesquisa_id_usuario_id_key" ON "pesquisa_participacao"("pesquisa_id", "usuario_id");

-- CreateIndex
CREATE INDEX "pesquisa_resposta_usuario_pergunta_id_idx" ON "pesquisa_resposta_usuario"("pergunta_id");

-- CreateIndex
CREATE UNIQUE INDEX "pesquisa_resposta_usuario_participacao_id_pergunta_id_opcao_key" ON "pesquisa_resposta_usuario"("participacao_id", "pergunta_id", "opcao_id");

-- AddForeignKey
ALTER TABLE "pesquisa_pergunta" ADD CONSTRAINT "pesquisa_pergunta_pesquisa_id_fkey" FOREIGN KEY ("pesquisa_id") REFERENCES "pesquisa"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pesquisa_pergunta_resposta" ADD CONSTRAINT "pesquisa_pergunta_resposta_pergunta_id_fkey" FOREIGN KEY ("pergunta_id") REFERENCES "pesquisa_pergunta"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pesquisa_participacao" ADD CONSTRAINT "pesquisa_participacao_pesquisa_id_fkey" FOREIGN KEY ("pesquisa_id") REFERENCES "pesquisa"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pesquisa_participacao" ADD CONSTRAINT "pesquisa_participacao_usuario_id_fkey" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pesquisa_resposta_usuario" ADD CONSTRAINT "pesquisa_resposta_usuario_participacao_id_fkey" FOREIGN KEY ("participacao_id") REFERENCES "pesquisa_participacao"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pesquisa_resposta_usuario" ADD CONSTRAINT "pesquisa_resposta_usuario_pergunta_id_fkey" FOREIGN KEY ("pergunta_id") REFERENCES "pesquisa_pergunta"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "pesquisa_resposta_usuario" ADD CONSTRAINT "pesquisa_resposta_usuario_opcao_id_fkey" FOREIGN KEY ("opcao_id") REFERENCES "pesquisa_pergunta_resposta"("id") ON DELETE CASCADE ON UPDATE CASCADE;

