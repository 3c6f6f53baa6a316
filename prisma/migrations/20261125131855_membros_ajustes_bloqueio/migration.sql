-- CreateEnum
CREATE TYPE "StatusAjuste" AS ENUM ('pendente', 'aprovado', 'recusado');

-- AlterEnum
ALTER TYPE "MotivoLancamento" ADD VALUE 'ajuste';

-- AlterTable
ALTER TABLE "usuario" ADD COLUMN     "bloqueado_em" TIMESTAMP(3),
ADD COLUMN     "motivo_bloqueio" TEXT;

-- AlterTable
ALTER TABLE "lancamento" ADD COLUMN     "ajuste_id" UUID;

-- CreateTable
CREATE TABLE "ajuste_saldo" (
    "id" UUID NOT NULL,
    "usuario_id" UUID NOT NULL,
    "valor" INTEGER NOT NULL,
    "motivo" TEXT NOT NULL,
    "referencia" TEXT NOT NULL,
    "corrige_lancamento_id" UUID,
    "status" "StatusAjuste" NOT NULL,
    "solicitante_id" UUID NOT NULL,
    "revisor_id" UUID,
    "motivo_recusa" TEXT,
    "criado_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revisado_em" TIMESTAMP(3),

    CONSTRAINT "ajuste_saldo_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ajuste_saldo_usuario_id_criado_em_idx" ON "ajuste_saldo"("usuario_id", "criado_em");

-- CreateIndex
CREATE INDEX "ajuste_saldo_status_criado_em_idx" ON "ajuste_saldo"("status", "criado_em");

-- CreateIndex
CREATE UNIQUE INDEX "lancamento_ajuste_id_key" ON "lancamento"("ajuste_id");

-- AddForeignKey
ALTER TABLE "lancamento" ADD CONSTRAINT "lancamento_ajuste_id_fkey" FOREIGN KEY ("ajuste_id") REFERENCES "ajuste_saldo"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ajuste_saldo" ADD CONSTRAINT "ajuste_saldo_usuario_id_fkey" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Hand-written (docs/decisions/0031-back-office-members.md).

-- Each motivo has exactly its cause, now with the staff adjustment: an adjustment entry names its
-- adjustment and nothing else, and is never zero. Compared as text: a value added to an enum cannot
-- be used in the transaction that added it.
ALTER TABLE "lancamento" DROP CONSTRAINT "lancamento_motivo_causa_check";
ALTER TABLE "lancamento" ADD CONSTRAINT "lancamento_motivo_causa_check" CHECK (
     ("motivo"::text = 'compra' AND "produto_cliente_id" IS NOT NULL AND "indicacao_id" IS NULL AND "resgate_id" IS NULL AND "ajuste_id" IS NULL AND "valor" > 0)
  OR ("motivo"::text = 'indicacao' AND "indicacao_id" IS NOT NULL AND "produto_cliente_id" IS NULL AND "resgate_id" IS NULL AND "ajuste_id" IS NULL AND "valor" > 0)
  OR ("motivo"::text = 'enriquecimento_perfil' AND "indicacao_id" IS NULL AND "produto_cliente_id" IS NULL AND "resgate_id" IS NULL AND "ajuste_id" IS NULL AND "valor" > 0)
  OR ("motivo"::text = 'resgate_beneficio' AND "resgate_id" IS NOT NULL AND "indicacao_id" IS NULL AND "produto_cliente_id" IS NULL AND "ajuste_id" IS NULL AND "valor" <= 0)
  OR ("motivo"::text = 'ajuste' AND "ajuste_id" IS NOT NULL AND "indicacao_id" IS NULL AND "produto_cliente_id" IS NULL AND "resgate_id" IS NULL AND "valor" <> 0)
);

-- An adjustment: never zero, a reason and a reference that say something, a reviewer only once
-- reviewed, and never reviewed by whoever asked for it (four-eyes, held here and not only in code).
ALTER TABLE "ajuste_saldo" ADD CONSTRAINT "ajuste_saldo_regras_check" CHECK (
  "valor" <> 0
  AND length(btrim("motivo")) >= 3 AND length(btrim("referencia")) >= 1
  AND (("status" = 'pendente') = ("revisor_id" IS NULL))
  AND ("revisor_id" IS NULL OR "revisor_id" <> "solicitante_id")
);

-- Adjustments are records like the ledger: the only change ever allowed is the one review of a
-- pending adjustment (status, reviewer, time, refusal reason); DELETE only as a deleted account's
-- cascade.
CREATE FUNCTION "ajuste_saldo_revisao_unica"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF pg_trigger_depth() > 1 THEN RETURN OLD; END IF;
    RAISE EXCEPTION 'ajuste_saldo: ajustes não são apagados' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD."status" <> 'pendente' OR NEW."status" = 'pendente'
     OR NEW."id" <> OLD."id" OR NEW."usuario_id" <> OLD."usuario_id" OR NEW."valor" <> OLD."valor"
     OR NEW."motivo" <> OLD."motivo" OR NEW."referencia" <> OLD."referencia"
     OR NEW."corrige_lancamento_id" IS DISTINCT FROM OLD."corrige_lancamento_id"
     OR NEW."solicitante_id" <> OLD."solicitante_id" OR NEW."criado_em" <> OLD."criado_em" THEN
    RAISE EXCEPTION 'ajuste_saldo: só um ajuste pendente pode ser revisado, uma vez' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER "ajuste_saldo_revisao_unica" BEFORE UPDATE OR DELETE ON "ajuste_saldo" FOR EACH ROW EXECUTE FUNCTION "ajuste_saldo_revisao_unica"();
