-- The member search's trigram indexes need pg_trgm (already created for the catalogue's search;
-- repeated here so this migration stands on its own).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "usuario_nome_trgm_idx" ON "usuario" USING GIN ("nome" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "usuario_email_trgm_idx" ON "usuario" USING GIN ("email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "usuario_cpf_trgm_idx" ON "usuario" USING GIN ("cpf" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "numero_legionario_numero_idx" ON "numero_legionario"("numero");


-- Hand-written (docs/decisions/0031-back-office-members.md): an adjustment up to the approval
-- threshold is applied at once, by its requester alone: 'aprovado' without a reviewer. Pending ones
-- have no reviewer, refused ones always have one, and a reviewer is never the requester.
ALTER TABLE "ajuste_saldo" DROP CONSTRAINT "ajuste_saldo_regras_check";
ALTER TABLE "ajuste_saldo" ADD CONSTRAINT "ajuste_saldo_regras_check" CHECK (
  "valor" <> 0
  AND length(btrim("motivo")) >= 3 AND length(btrim("referencia")) >= 1
  AND ("status" <> 'pendente' OR "revisor_id" IS NULL)
  AND ("status" <> 'recusado' OR "revisor_id" IS NOT NULL)
  AND ("revisor_id" IS NULL OR "revisor_id" <> "solicitante_id")
);
