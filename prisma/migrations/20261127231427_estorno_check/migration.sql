-- Hand-written (docs/decisions/0041-store-integration.md): the ledger's motivo/cause CHECK learns the
-- reversal. An 'estorno' entry names the entry it reverses (estorno_de_id, unique) and nothing else,
-- and is never zero; no other motivo may carry estorno_de_id. Compared as text, as before (a value
-- added to an enum cannot be used in the transaction that added it).
ALTER TABLE "lancamento" DROP CONSTRAINT "lancamento_motivo_causa_check";
ALTER TABLE "lancamento" ADD CONSTRAINT "lancamento_motivo_causa_check" CHECK (
     ("motivo"::text = 'compra' AND "produto_cliente_id" IS NOT NULL AND "indicacao_id" IS NULL AND "resgate_id" IS NULL AND "ajuste_id" IS NULL AND "estorno_de_id" IS NULL AND "valor" > 0)
  OR ("motivo"::text = 'indicacao' AND "indicacao_id" IS NOT NULL AND "produto_cliente_id" IS NULL AND "resgate_id" IS NULL AND "ajuste_id" IS NULL AND "estorno_de_id" IS NULL AND "valor" > 0)
  OR ("motivo"::text = 'enriquecimento_perfil' AND "indicacao_id" IS NULL AND "produto_cliente_id" IS NULL AND "resgate_id" IS NULL AND "ajuste_id" IS NULL AND "estorno_de_id" IS NULL AND "valor" > 0)
  OR ("motivo"::text = 'resgate_beneficio' AND "resgate_id" IS NOT NULL AND "indicacao_id" IS NULL AND "produto_cliente_id" IS NULL AND "ajuste_id" IS NULL AND "estorno_de_id" IS NULL AND "valor" <= 0)
  OR ("motivo"::text = 'ajuste' AND "ajuste_id" IS NOT NULL AND "indicacao_id" IS NULL AND "produto_cliente_id" IS NULL AND "resgate_id" IS NULL AND "estorno_de_id" IS NULL AND "valor" <> 0)
  OR ("motivo"::text = 'estorno' AND "estorno_de_id" IS NOT NULL AND "indicacao_id" IS NULL AND "produto_cliente_id" IS NULL AND "resgate_id" IS NULL AND "ajuste_id" IS NULL AND "valor" <> 0)
);

-- A cancelled purchase is a verified one: only the store's own orders (and the brand's imports) are
-- ever cancelled, and a member's own entry has nothing to cancel.
ALTER TABLE "produto_cliente" ADD CONSTRAINT "produto_cliente_cancelado_validado_check" CHECK ("cancelado_em" IS NULL OR "produto_validado");
