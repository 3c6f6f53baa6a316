-- Launches, part 2 (issue 31; docs/decisions/0047-launches.md, "Part 2: orders, events"): each store
-- order that bought a launch's SKUs in its early-access window, and what it did to the buyer's
-- allowance. One row per launch and order (pedido_loja is unique by the store's order id, so an order
-- uses an allowance once: ADR 0041's idempotency, held here by the unique index too). Written by hand
-- (the schema engine cannot run here); the CHECKs and the triggers at the end too.

-- CreateTable
CREATE TABLE "lancamento_pedido" (
    "id" UUID NOT NULL,
    "lancamento_id" UUID NOT NULL,
    "usuario_id" UUID NOT NULL,
    "pedido_loja_id" UUID NOT NULL,
    "unidades" INTEGER NOT NULL,
    "acima_da_cota" BOOLEAN NOT NULL,
    "sem_direito" BOOLEAN NOT NULL DEFAULT false,
    "cancelado_em" TIMESTAMPTZ(3),
    "criado_em" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "lancamento_pedido_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "lancamento_pedido_lancamento_id_pedido_loja_id_key" ON "lancamento_pedido"("lancamento_id", "pedido_loja_id");

-- CreateIndex
CREATE INDEX "lancamento_pedido_pedido_loja_id_idx" ON "lancamento_pedido"("pedido_loja_id");

-- CreateIndex
CREATE INDEX "lancamento_pedido_lancamento_id_usuario_id_idx" ON "lancamento_pedido"("lancamento_id", "usuario_id");

-- CreateIndex
CREATE INDEX "lancamento_pedido_usuario_id_idx" ON "lancamento_pedido"("usuario_id");

-- AddForeignKey
ALTER TABLE "lancamento_pedido" ADD CONSTRAINT "lancamento_pedido_lancamento_id_fkey" FOREIGN KEY ("lancamento_id") REFERENCES "lancamento_produto"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lancamento_pedido" ADD CONSTRAINT "lancamento_pedido_usuario_id_fkey" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lancamento_pedido" ADD CONSTRAINT "lancamento_pedido_pedido_loja_id_fkey" FOREIGN KEY ("pedido_loja_id") REFERENCES "pedido_loja"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- What the API holds, held by the database too: a use counts units; an order without the right to
-- early access never counts in an allowance.
ALTER TABLE "lancamento_pedido" ADD CONSTRAINT "lancamento_pedido_unidades_check" CHECK ("unidades" >= 1);
ALTER TABLE "lancamento_pedido" ADD CONSTRAINT "lancamento_pedido_sem_direito_check" CHECK (NOT "sem_direito" OR "acima_da_cota");

-- Webhook events of a launch's moments (docs/decisions/0042-webhooks.md: written by triggers in the
-- change's own transaction, only while some endpoint subscribes to the type).
-- lancamento.acesso_aberto: a member's personal access row was made (their first view in the window,
-- or their first order that used the allowance): once per member and launch, by the row's unique key.
CREATE FUNCTION webhook_acesso_antecipado_aberto() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF webhook_assinado('lancamento.acesso_aberto') THEN
    PERFORM webhook_publicar('lancamento.acesso_aberto', jsonb_build_object('membroId', NEW.usuario_id, 'slug', l.slug,
      'cotaTotal', l.cota_por_membro, 'abertoEm', webhook_iso(NEW.criado_em)))
      FROM lancamento_produto l WHERE l.id = NEW.lancamento_id;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER webhook_acesso_antecipado_ins AFTER INSERT ON "acesso_antecipado" FOR EACH ROW EXECUTE FUNCTION webhook_acesso_antecipado_aberto();

-- lancamento.cota_esgotada: the units used reached the allowance from below. Once per crossing: a
-- cancellation that gives units back and a later order that uses them up again is a new crossing.
CREATE FUNCTION webhook_acesso_antecipado_esgotado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF webhook_assinado('lancamento.cota_esgotada') THEN
    PERFORM webhook_publicar('lancamento.cota_esgotada', jsonb_build_object('membroId', NEW.usuario_id, 'slug', l.slug,
      'cotaTotal', l.cota_por_membro, 'cotaUsada', NEW.cota_usada, 'esgotadaEm', webhook_iso(now() AT TIME ZONE 'UTC')))
      FROM lancamento_produto l WHERE l.id = NEW.lancamento_id AND OLD.cota_usada < l.cota_por_membro AND NEW.cota_usada >= l.cota_por_membro;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER webhook_acesso_antecipado_upd AFTER UPDATE OF "cota_usada" ON "acesso_antecipado" FOR EACH ROW
  WHEN (NEW.cota_usada > OLD.cota_usada) EXECUTE FUNCTION webhook_acesso_antecipado_esgotado();
