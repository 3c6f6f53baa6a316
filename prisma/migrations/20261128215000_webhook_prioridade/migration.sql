-- A lane for the privacy events (docs/decisions/0046-webhook-throughput.md, "The privacy lane"): a
-- member's consent withdrawn in the portal (membro.atualizado) or their account erased
-- (conta.excluida) must reach the CRM within seconds even when the endpoint has a launch's backlog
-- of redemptions ahead of it; delivered first, they wait for no one. Each endpoint's waiting
-- deliveries are read by (prioridade, criado_em) and their pg-boss jobs carry the priority, so the
-- short queue pg-boss holds also hands them out first. Standard Webhooks promises no order between
-- events; each carries its own timestamp, the ADR says so to the CRM's developer.
ALTER TABLE "webhook_entrega" ADD COLUMN "prioridade" SMALLINT NOT NULL DEFAULT 1;

DROP INDEX "webhook_entrega_a_enfileirar_idx";
CREATE INDEX "webhook_entrega_a_enfileirar_idx" ON "webhook_entrega" ("endpoint_id", "prioridade", "criado_em") WHERE "job_id" IS NULL AND "status" = 'pendente';

-- 0 = the privacy lane, 1 = the rest. The rest as 20261128192000_webhook_publicar_sem_notify left it.
CREATE OR REPLACE FUNCTION webhook_publicar(p_tipo text, p_dados jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_id text := 'evt_' || replace(gen_random_uuid()::text, '-', '');
  v_agora timestamp(3) := now() AT TIME ZONE 'UTC';
  v_prioridade smallint := CASE WHEN p_tipo IN ('membro.atualizado', 'conta.excluida') THEN 0 ELSE 1 END;
BEGIN
  INSERT INTO evento (id, tipo, versao, dados, criado_em, membro_id) VALUES (v_id, p_tipo, 1, p_dados, v_agora, (p_dados->>'membroId')::uuid);
  INSERT INTO webhook_entrega (id, evento_id, endpoint_id, criado_em, prioridade)
    SELECT gen_random_uuid(), v_id, e.id, v_agora, v_prioridade FROM webhook_endpoint e
    WHERE cardinality(e.tipos) = 0 OR p_tipo = ANY (e.tipos)
    FOR KEY SHARE OF e;
END
$$;
