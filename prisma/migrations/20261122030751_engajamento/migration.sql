-- CreateEnum
CREATE TYPE "Experiencia" AS ENUM ('tardezinha', 'poderosas', 'churrasquinho', 'antigas', 'unico', 'jerseyBoys', 'aniversario', 'preBlack');

-- CreateEnum
CREATE TYPE "RegiaoBannerSite" AS ENUM ('exclusivo', 'pre-venda', 'lancamento');

-- CreateEnum
CREATE TYPE "CategoriaFaq" AS ENUM ('faq', 'duvidas');

-- AlterTable
ALTER TABLE "beneficio" ADD COLUMN     "experiencia" "Experiencia";

-- CreateTable
CREATE TABLE "banner" (
    "id" SERIAL NOT NULL,
    "chave" TEXT NOT NULL,
    "nome" TEXT NOT NULL,
    "perfil" TEXT NOT NULL DEFAULT 'geral',
    "lead" BOOLEAN,
    "url_imagem_mobile" TEXT NOT NULL,
    "url_imagem_desktop" TEXT NOT NULL,
    "texto_alternativo" TEXT NOT NULL,
    "ativo" BOOLEAN NOT NULL DEFAULT true,
    "ordem" INTEGER NOT NULL DEFAULT 0,
    "criado_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "atualizado_em" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "banner_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "banner_site" (
    "id" SERIAL NOT NULL,
    "chave" TEXT NOT NULL,
    "nome" TEXT NOT NULL,
    "regiao" "RegiaoBannerSite" NOT NULL,
    "titulo" TEXT NOT NULL,
    "texto" TEXT NOT NULL,
    "url_imagem" TEXT NOT NULL,
    "url_imagem_mobile" TEXT,
    "url_link" TEXT,
    "texto_botao" TEXT,
    "beneficio_id" INTEGER,
    "inicio" TIMESTAMP(3) NOT NULL,
    "fim" TIMESTAMP(3) NOT NULL,
    "contagem_ate" TIMESTAMP(3),
    "cidades" TEXT[],
    "abas" JSONB,
    "ativo" BOOLEAN NOT NULL DEFAULT true,
    "ordem" INTEGER NOT NULL DEFAULT 0,
    "criado_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "atualizado_em" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "banner_site_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "faq" (
    "id" SERIAL NOT NULL,
    "chave" TEXT NOT NULL,
    "pergunta" TEXT NOT NULL,
    "resposta" TEXT NOT NULL,
    "categoria" "CategoriaFaq" NOT NULL,
    "ativo" BOOLEAN NOT NULL DEFAULT true,
    "ordem" INTEGER NOT NULL DEFAULT 0,
    "criado_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "atualizado_em" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "faq_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "banner_chave_key" ON "banner"("chave");

-- CreateIndex
CREATE UNIQUE INDEX "banner_site_chave_key" ON "banner_site"("chave");

-- CreateIndex
CREATE INDEX "banner_site_ativo_fim_idx" ON "banner_site"("ativo", "fim");

-- CreateIndex
CREATE UNIQUE INDEX "faq_chave_key" ON "faq"("chave");

-- CreateIndex
CREATE INDEX "faq_categoria_ordem_idx" ON "faq"("categoria", "ordem");


-- Written by hand (Prisma's schema can't declare CHECKs): what the services rely on.
ALTER TABLE "banner" ADD CONSTRAINT "banner_perfil_check" CHECK ("perfil" IN ('funcional', 'outsider', 'estiloso', 'geral'));
ALTER TABLE "banner_site" ADD CONSTRAINT "banner_site_periodo_check" CHECK ("inicio" <= "fim");
