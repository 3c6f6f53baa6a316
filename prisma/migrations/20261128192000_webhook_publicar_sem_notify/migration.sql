-- No NOTIFY from the event triggers (docs/decisions/0046-webhook-throughput.md). PostgreSQL takes
-- one database-wide lock at the commit of every transaction that sent a NOTIFY and holds it through
-- the commit's WAL flush, so those commits go one at a time: measured on this machine with pgbench
-- (50 clients, an insert per transaction), ~900-1,100 commits/s with a pg_notify against
-- 7,000-13,000 without. Every member's redemption committed behind that lock while an endpoint was
-- subscribed. The relay polls instead (every 200 ms; an empty poll is one index probe per live endpoint).
-- The rest as 20261128190000_crm_dados_pessoais left it (the event records the member it names, ADR 0045).
CREATE OR REPLACE FUNCTION webhook_publicar(p_tipo text, p_dados jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_id text := 'evt_' || replace(gen_random_uuid()::text, '-', '');
  v_agora timestamp(3) := now() AT TIME ZONE 'UTC';
BEGIN
  INSERT INTO evento (id, tipo, versao, dados, criado_em, membro_id) VALUES (v_id, p_tipo, 1, p_dados, v_agora, (p_dados->>'membroId')::uuid);
  INSERT INTO webhook_entrega (id, evento_id, endpoint_id, criado_em)
    SELECT gen_random_uuid(), v_id, e.id, v_agora FROM webhook_endpoint e
    WHERE cardinality(e.tipos) = 0 OR p_tipo = ANY (e.tipos)
    FOR KEY SHARE OF e;
END
$$;
