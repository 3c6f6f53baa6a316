-- An endpoint deleted while a change writes its event: the event's delivery to it referenced a row
-- being deleted, its foreign key failed, and so did the member's change (seen in a full test run: a
-- member created while another test removed its endpoint, 23503 on webhook_entrega_endpoint_id_fkey).
-- FOR KEY SHARE waits for a delete still in flight and, once it commits, leaves that endpoint out
-- (READ COMMITTED re-reads the row: gone); an endpoint not being deleted is locked only against
-- deletion, until the change commits.
CREATE OR REPLACE FUNCTION webhook_publicar(p_tipo text, p_dados jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_id text := 'evt_' || replace(gen_random_uuid()::text, '-', '');
  v_agora timestamp(3) := now() AT TIME ZONE 'UTC';
BEGIN
  INSERT INTO evento (id, tipo, versao, dados, criado_em) VALUES (v_id, p_tipo, 1, p_dados, v_agora);
  INSERT INTO webhook_entrega (id, evento_id, endpoint_id, criado_em)
    SELECT gen_random_uuid(), v_id, e.id, v_agora FROM webhook_endpoint e
    WHERE cardinality(e.tipos) = 0 OR p_tipo = ANY (e.tipos)
    FOR KEY SHARE OF e;
  PERFORM pg_notify('webhook_entrega', '');
END
$$;
