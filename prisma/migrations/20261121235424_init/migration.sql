-- CreateEnum
CREATE TYPE "TipoUsuario" AS ENUM ('legionario', 'lead', 'colaborador');

-- CreateEnum
CREATE TYPE "TipoToken" AS ENUM ('ativacao', 'recuperacao_senha');

-- CreateEnum
CREATE TYPE "StatusEmail" AS ENUM ('pendente', 'enviado', 'falhou');

-- CreateTable
CREATE TABLE "usuario" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "senha_hash" TEXT,
    "nome" TEXT NOT NULL,
    "cpf" TEXT,
    "celular" TEXT,
    "cep" TEXT,
    "endereco" TEXT,
    "numero" TEXT,
    "complemento" TEXT,
    "cidade" TEXT,
    "uf" TEXT,
    "data_nascimento" DATE,
    "genero" TEXT,
    "opt_in_email" BOOLEAN NOT NULL DEFAULT false,
    "opt_in_sms" BOOLEAN NOT NULL DEFAULT false,
    "opt_in_whatsapp" BOOLEAN NOT NULL DEFAULT false,
    "opt_out" BOOLEAN NOT NULL DEFAULT false,
    "tipo" "TipoUsuario" NOT NULL DEFAULT 'legionario',
    "admin" BOOLEAN NOT NULL DEFAULT false,
    "ativo" BOOLEAN NOT NULL DEFAULT false,
    "ativado_em" TIMESTAMP(3),
    "social" BOOLEAN NOT NULL DEFAULT false,
    "social_provider" TEXT,
    "origem" TEXT,
    "hash_indicacao" TEXT,
    "hash" UUID NOT NULL,
    "hash_pesquisa_satisfacao" TEXT,
    "perfil" TEXT,
    "data_cadastro" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "data_atualizacao" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "usuario_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "token_conta" (
    "id" UUID NOT NULL,
    "usuario_id" UUID NOT NULL,
    "tipo" "TipoToken" NOT NULL,
    "secret_hash" TEXT NOT NULL,
    "expira_em" TIMESTAMP(3) NOT NULL,
    "usado_em" TIMESTAMP(3),
    "criado_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "token_conta_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessao" (
    "id" UUID NOT NULL,
    "usuario_id" UUID NOT NULL,
    "criada_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expira_em" TIMESTAMP(3) NOT NULL,
    "revogada_em" TIMESTAMP(3),
    "ip" TEXT,
    "user_agent" TEXT,

    CONSTRAINT "sessao_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_saida" (
    "id" UUID NOT NULL,
    "para" TEXT NOT NULL,
    "assunto" TEXT NOT NULL,
    "texto" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "status" "StatusEmail" NOT NULL DEFAULT 'pendente',
    "tentativas" INTEGER NOT NULL DEFAULT 0,
    "proxima_tentativa" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ultimo_erro" TEXT,
    "criado_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "enviado_em" TIMESTAMP(3),

    CONSTRAINT "email_saida_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "usuario_email_key" ON "usuario"("email");

-- CreateIndex
CREATE UNIQUE INDEX "usuario_cpf_key" ON "usuario"("cpf");

-- CreateIndex
CREATE UNIQUE INDEX "usuario_hash_key" ON "usuario"("hash");

-- CreateIndex
CREATE UNIQUE INDEX "usuario_hash_pesquisa_satisfacao_key" ON "usuario"("hash_pesquisa_satisfacao");

-- CreateIndex
CREATE UNIQUE INDEX "token_conta_secret_hash_key" ON "token_conta"("secret_hash");

-- CreateIndex
CREATE INDEX "token_conta_usuario_id_tipo_idx" ON "token_conta"("usuario_id", "tipo");

-- CreateIndex
CREATE INDEX "sessao_usuario_id_idx" ON "sessao"("usuario_id");

-- CreateIndex
CREATE INDEX "email_saida_status_proxima_tentativa_idx" ON "email_saida"("status", "proxima_tentativa");

-- AddForeignKey
ALTER TABLE "token_conta" ADD CONSTRAINT "token_conta_usuario_id_fkey" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessao" ADD CONSTRAINT "sessao_usuario_id_fkey" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE CASCADE ON UPDATE CASCADE;

