-- CreateEnum
CREATE TYPE "CanalConsentimento" AS ENUM ('email', 'sms', 'whatsapp');

-- CreateEnum
CREATE TYPE "MotivoLancamento" AS ENUM ('compra', 'indicacao', 'enriquecimento_perfil', 'resgate_beneficio');

-- CreateEnum
CREATE TYPE "StatusIndicacao" AS ENUM ('pendente', 'confirmada');

-- CreateEnum
CREATE TYPE "ModoCupom" AS ENUM ('lista', 'gerado');

-- AlterEnum
ALTER TYPE "TipoToken" ADD VALUE 'login_automatico';

-- AlterTable
ALTER TABLE "usuario" ADD COLUMN     "excluido_em" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "conta_social" (
    "id" UUID NOT NULL,
    "usuario_id" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "provider_user_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "criado_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ultimo_uso_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "conta_social_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "consentimento" (
    "id" UUID NOT NULL,
    "usuario_id" UUID NOT NULL,
    "canal" "CanalConsentimento" NOT NULL,
    "concedido" BOOLEAN NOT NULL,
    "origem" TEXT NOT NULL,
    "ip" TEXT,
    "user_agent" TEXT,
    "criado_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "consentimento_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alteracao_email" (
    "id" UUID NOT NULL,
    "usuario_id" UUID NOT NULL,
    "novo_email" TEXT NOT NULL,
    "secret_hash" TEXT NOT NULL,
    "expira_em" TIMESTAMP(3) NOT NULL,
    "usado_em" TIMESTAMP(3),
    "criado_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "alteracao_email_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "lancamento" (
    "id" UUID NOT NULL,
    "usuario_id" UUID NOT NULL,
    "motivo" "MotivoLancamento" NOT NULL,
    "valor" INTEGER NOT NULL,
    "data" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "indicacao_id" UUID,
    "resgate_id" INTEGER,
    "produto_cliente_id" UUID,

    CONSTRAINT "lancamento_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "indicacao" (
    "id" UUID NOT NULL,
    "indicador_id" UUID,
    "indicado_id" UUID,
    "cpf_digest" TEXT NOT NULL,
    "email_digest" TEXT NOT NULL,
    "status" "StatusIndicacao" NOT NULL DEFAULT 'pendente',
    "criada_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "confirmada_em" TIMESTAMP(3),

    CONSTRAINT "indicacao_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "beneficio" (
    "id" SERIAL NOT NULL,
    "chave" TEXT NOT NULL,
    "nome" TEXT NOT NULL,
    "tipo" TEXT NOT NULL,
    "descricao" TEXT,
    "url_imagem" TEXT NOT NULL,
    "valor" INTEGER NOT NULL DEFAULT 0,
    "evento" BOOLEAN NOT NULL DEFAULT false,
    "data_evento" TIMESTAMP(3),
    "texto_legal" TEXT NOT NULL,
    "url_beneficio" TEXT,
    "percentual_desconto" INTEGER,
    "inicio" TIMESTAMP(3),
    "fim" TIMESTAMP(3),
    "publico" "TipoUsuario"[],
    "cidades" TEXT[],
    "limite_por_membro" INTEGER NOT NULL DEFAULT 1,
    "modo_cupom" "ModoCupom" NOT NULL DEFAULT 'gerado',
    "prefixo_cupom" TEXT,
    "estoque" INTEGER,
    "ativo" BOOLEAN NOT NULL DEFAULT true,
    "ordem" INTEGER NOT NULL DEFAULT 0,
    "criado_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "atualizado_em" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "beneficio_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "beneficio_opcao" (
    "id" SERIAL NOT NULL,
    "beneficio_id" INTEGER NOT NULL,
    "nome" TEXT NOT NULL,
    "data" DATE NOT NULL,
    "estoque" INTEGER,
    "ordem" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "beneficio_opcao_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "cupom" (
    "id" UUID NOT NULL,
    "beneficio_id" INTEGER NOT NULL,
    "opcao_id" INTEGER,
    "codigo" TEXT NOT NULL,
    "resgatado_em" TIMESTAMP(3),
    "usado_em" TIMESTAMP(3),
    "criado_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cupom_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "resgate" (
    "id" SERIAL NOT NULL,
    "usuario_id" UUID NOT NULL,
    "beneficio_id" INTEGER NOT NULL,
    "opcao_id" INTEGER,
    "cupom_id" UUID NOT NULL,
    "valor" INTEGER NOT NULL,
    "chave_idempotencia" TEXT,
    "criado_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "resgate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "cupom_friends_family" (
    "id" UUID NOT NULL,
    "usuario_id" UUID NOT NULL,
    "mes" TEXT NOT NULL,
    "ordem" INTEGER NOT NULL,
    "codigo" TEXT NOT NULL,
    "percentual" INTEGER NOT NULL,
    "valido_ate" DATE NOT NULL,
    "usado_em" TIMESTAMP(3),
    "criado_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cupom_friends_family_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "lead" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "nome" TEXT NOT NULL,
    "celular" TEXT NOT NULL,
    "data_nascimento" DATE NOT NULL,
    "cep" TEXT NOT NULL,
    "opt_in_email" BOOLEAN NOT NULL,
    "opt_in_celular" BOOLEAN NOT NULL,
    "origem" TEXT NOT NULL,
    "cupom" TEXT NOT NULL,
    "percentual" INTEGER NOT NULL,
    "criado_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "lead_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "conta_social_usuario_id_idx" ON "conta_social"("usuario_id");

-- CreateIndex
CREATE UNIQUE INDEX "conta_social_provider_provider_user_id_key" ON "conta_social"("provider", "provider_user_id");

-- CreateIndex
CREATE INDEX "consentimento_usuario_id_criado_em_idx" ON "consentimento"("usuario_id", "criado_em");

-- CreateIndex
CREATE UNIQUE INDEX "alteracao_email_secret_hash_key" ON "alteracao_email"("secret_hash");

-- CreateIndex
CREATE INDEX "alteracao_email_usuario_id_idx" ON "alteracao_email"("usuario_id");

-- CreateIndex
CREATE UNIQUE INDEX "lancamento_indicacao_id_key" ON "lancamento"("indicacao_id");

-- CreateIndex
CREATE UNIQUE INDEX "lancamento_resgate_id_key" ON "lancamento"("resgate_id");

-- CreateIndex
CREATE UNIQUE INDEX "lancamento_produto_cliente_id_key" ON "lancamento"("produto_cliente_id");

-- CreateIndex
CREATE INDEX "lancamento_usuario_id_data_idx" ON "lancamento"("usuario_id", "data");

-- CreateIndex
CREATE UNIQUE INDEX "indicacao_indicado_id_key" ON "indicacao"("indicado_id");

-- CreateIndex
CREATE UNIQUE INDEX "indicacao_cpf_digest_key" ON "indicacao"("cpf_digest");

-- CreateIndex
CREATE UNIQUE INDEX "indicacao_email_digest_key" ON "indicacao"("email_digest");

-- CreateIndex
CREATE INDEX "indicacao_indicador_id_status_idx" ON "indicacao"("indicador_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "beneficio_chave_key" ON "beneficio"("chave");

-- CreateIndex
CREATE INDEX "beneficio_ativo_ordem_idx" ON "beneficio"("ativo", "ordem");

-- CreateIndex
CREATE UNIQUE INDEX "beneficio_opcao_beneficio_id_id_key" ON "beneficio_opcao"("beneficio_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "cupom_codigo_key" ON "cupom"("codigo");

-- CreateIndex
CREATE UNIQUE INDEX "resgate_cupom_id_key" ON "resgate"("cupom_id");

-- CreateIndex
CREATE INDEX "resgate_usuario_id_beneficio_id_idx" ON "resgate"("usuario_id", "beneficio_id");

-- CreateIndex
CREATE INDEX "resgate_beneficio_id_idx" ON "resgate"("beneficio_id");

-- CreateIndex
CREATE UNIQUE INDEX "resgate_usuario_id_chave_idempotencia_key" ON "resgate"("usuario_id", "chave_idempotencia");

-- CreateIndex
CREATE UNIQUE INDEX "cupom_friends_family_codigo_key" ON "cupom_friends_family"("codigo");

-- CreateIndex
CREATE UNIQUE INDEX "cupom_friends_family_usuario_id_mes_ordem_key" ON "cupom_friends_family"("usuario_id", "mes", "ordem");

-- CreateIndex
CREATE UNIQUE INDEX "lead_email_key" ON "lead"("email");

-- CreateIndex
CREATE UNIQUE INDEX "lead_cupom_key" ON "lead"("cupom");

-- AddForeignKey
ALTER TABLE "conta_social" ADD CONSTRAINT "conta_social_usuario_id_fkey" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "consentimento" ADD CONSTRAINT "consentimento_usuario_id_fkey" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alteracao_email" ADD CONSTRAINT "alteracao_email_usuario_id_fkey" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lancamento" ADD CONSTRAINT "lancamento_usuario_id_fkey" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lancamento" ADD CONSTRAINT "lancamento_indicacao_id_fkey" FOREIGN KEY ("indicacao_id") REFERENCES "indicacao"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lancamento" ADD CONSTRAINT "lancamento_resgate_id_fkey" FOREIGN KEY ("resgate_id") REFERENCES "resgate"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lancamento" ADD CONSTRAINT "lancamento_produto_cliente_id_fkey" FOREIGN KEY ("produto_cliente_id") REFERENCES "produto_cliente"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "indicacao" ADD CONSTRAINT "indicacao_indicador_id_fkey" FOREIGN KEY ("indicador_id") REFERENCES "usuario"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "indicacao" ADD CONSTRAINT "indicacao_indicado_id_fkey" FOREIGN KEY ("indicado_id") REFERENCES "usuario"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "beneficio_opcao" ADD CONSTRAINT "beneficio_opcao_beneficio_id_fkey" FOREIGN KEY ("beneficio_id") REFERENCES "beneficio"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cupom" ADD CONSTRAINT "cupom_beneficio_id_fkey" FOREIGN KEY ("beneficio_id") REFERENCES "beneficio"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cupom" ADD CONSTRAINT "cupom_beneficio_id_opcao_id_fkey" FOREIGN KEY ("beneficio_id", "opcao_id") REFERENCES "beneficio_opcao"("beneficio_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "resgate" ADD CONSTRAINT "resgate_usuario_id_fkey" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "resgate" ADD CONSTRAINT "resgate_beneficio_id_fkey" FOREIGN KEY ("beneficio_id") REFERENCES "beneficio"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "resgate" ADD CONSTRAINT "resgate_beneficio_id_opcao_id_fkey" FOREIGN KEY ("beneficio_id", "opcao_id") REFERENCES "beneficio_opcao"("beneficio_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "resgate" ADD CONSTRAINT "resgate_cupom_id_fkey" FOREIGN KEY ("cupom_id") REFERENCES "cupom"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cupom_friends_family" ADD CONSTRAINT "cupom_friends_family_usuario_id_fkey" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Hand-written: rules Prisma's schema language can't express (docs/decisions/0009-economy.md).

-- Each motivo has exactly its cause; credits are positive, redemptions zero or negative.
ALTER TABLE "lancamento" ADD CONSTRAINT "lancamento_motivo_causa_check" CHECK (
     ("motivo" = 'compra' AND "produto_cliente_id" IS NOT NULL AND "indicacao_id" IS NULL AND "resgate_id" IS NULL AND "valor" > 0)
  OR ("motivo" = 'indicacao' AND "indicacao_id" IS NOT NULL AND "produto_cliente_id" IS NULL AND "resgate_id" IS NULL AND "valor" > 0)
  OR ("motivo" = 'enriquecimento_perfil' AND "indicacao_id" IS NULL AND "produto_cliente_id" IS NULL AND "resgate_id" IS NULL AND "valor" > 0)
  OR ("motivo" = 'resgate_beneficio' AND "resgate_id" IS NOT NULL AND "indicacao_id" IS NULL AND "produto_cliente_id" IS NULL AND "valor" <= 0)
);
-- One profile-enrichment credit per member, ever.
CREATE UNIQUE INDEX "lancamento_enriquecimento_usuario_key" ON "lancamento"("usuario_id") WHERE "motivo" = 'enriquecimento_perfil';

-- The ledger is append-only: no UPDATE ever, and DELETE only as the cascade of a deleted account
-- (pg_trigger_depth() > 1: this trigger runs inside the foreign key's cascade trigger).
CREATE FUNCTION "lancamento_somente_insercao"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'lancamento: o extrato só aceita novos lançamentos (% recusado)', TG_OP USING ERRCODE = 'integrity_constraint_violation';
END
$$;
CREATE TRIGGER "lancamento_somente_insercao" BEFORE UPDATE OR DELETE ON "lancamento" FOR EACH ROW EXECUTE FUNCTION "lancamento_somente_insercao"();

ALTER TABLE "beneficio" ADD CONSTRAINT "beneficio_valor_check" CHECK ("valor" >= 0);
ALTER TABLE "beneficio" ADD CONSTRAINT "beneficio_estoque_check" CHECK ("estoque" IS NULL OR ("estoque" >= 0 AND "modo_cupom" = 'gerado'));
ALTER TABLE "beneficio" ADD CONSTRAINT "beneficio_limite_por_membro_check" CHECK ("limite_por_membro" >= 1);
ALTER TABLE "beneficio" ADD CONSTRAINT "beneficio_percentual_desconto_check" CHECK ("percentual_desconto" IS NULL OR "percentual_desconto" BETWEEN 1 AND 100);
ALTER TABLE "beneficio" ADD CONSTRAINT "beneficio_periodo_check" CHECK ("inicio" IS NULL OR "fim" IS NULL OR "inicio" < "fim");
ALTER TABLE "beneficio_opcao" ADD CONSTRAINT "beneficio_opcao_estoque_check" CHECK ("estoque" IS NULL OR "estoque" >= 0);
ALTER TABLE "resgate" ADD CONSTRAINT "resgate_valor_check" CHECK ("valor" >= 0);
ALTER TABLE "cupom" ADD CONSTRAINT "cupom_uso_check" CHECK ("usado_em" IS NULL OR "resgatado_em" IS NOT NULL);
ALTER TABLE "cupom_friends_family" ADD CONSTRAINT "cupom_friends_family_ordem_check" CHECK ("ordem" BETWEEN 1 AND 5);
ALTER TABLE "cupom_friends_family" ADD CONSTRAINT "cupom_friends_family_percentual_check" CHECK ("percentual" BETWEEN 1 AND 100);
ALTER TABLE "lead" ADD CONSTRAINT "lead_percentual_check" CHECK ("percentual" BETWEEN 1 AND 100);

-- The pool's free codes, per benefit and day, in code order: a redemption takes the first one it can
-- lock (ORDER BY codigo LIMIT 1 FOR UPDATE SKIP LOCKED) and "esgotado" checks that one exists. Taken
-- codes leave the index, so neither walks through the pool's history.
-- (Two indexes: "opcao_id IS NULL" is no equality, so one index on the three columns wouldn't give code order.)
CREATE INDEX "cupom_livre_idx" ON "cupom"("beneficio_id", "codigo") WHERE "resgatado_em" IS NULL AND "opcao_id" IS NULL;
CREATE INDEX "cupom_livre_opcao_idx" ON "cupom"("beneficio_id", "opcao_id", "codigo") WHERE "resgatado_em" IS NULL AND "opcao_id" IS NOT NULL;
-- The balance is SUM(valor) per member: an index-only scan.
CREATE INDEX "lancamento_saldo_idx" ON "lancamento"("usuario_id") INCLUDE ("valor");
