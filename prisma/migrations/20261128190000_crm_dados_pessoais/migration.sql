-- The brand's CRM knows who each event is about, with consent travelling both ways (issue 30;
-- docs/decisions/0045-crm-personal-data.md).

-- The sync cursor. Existing rows all get this migration's transaction id (ordered by id within it)
-- and their last update as the time of the change.
ALTER TABLE "usuario" ADD COLUMN "alterado_xid" xid8 NOT NULL DEFAULT pg_current_xact_id(),
                      ADD COLUMN "alterado_em" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
UPDATE "usuario" SET "alterado_em" = "data_atualizacao" AT TIME ZONE 'UTC';
CREATE INDEX "usuario_alterado_xid_id_idx" ON "usuario"("alterado_xid", "id");

-- Set on insert and whenever a field the CRM syncs changes (the fields of GET
-- /api/integracao/v1/membros/{id} and what makes them: activation, blocking, deletion). A page of
-- the sync returns rows whose transaction is below the snapshot's xmin (finished): no row can later
-- appear behind a cursor already handed out.
CREATE FUNCTION usuario_alterado() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR (NEW.email, NEW.nome, NEW.celular, NEW.tipo, NEW.ativo, NEW.ativado_em, NEW.opt_in_email, NEW.opt_in_sms, NEW.opt_in_whatsapp, NEW.excluido_em, NEW.bloqueado_em)
                         IS DISTINCT FROM (OLD.email, OLD.nome, OLD.celular, OLD.tipo, OLD.ativo, OLD.ativado_em, OLD.opt_in_email, OLD.opt_in_sms, OLD.opt_in_whatsapp, OLD.excluido_em, OLD.bloqueado_em) THEN
    NEW.alterado_xid := pg_current_xact_id();
    NEW.alterado_em := now();
  ELSE
    NEW.alterado_xid := OLD.alterado_xid;
    NEW.alterado_em := OLD.alterado_em;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER usuario_alterado BEFORE INSERT OR UPDATE ON "usuario" FOR EACH ROW EXECUTE FUNCTION usuario_alterado();

-- A consent reported by an integration (origem 'integracao'): which client.
ALTER TABLE "consentimento" ADD COLUMN "cliente_id" UUID;

-- The member an event names, for the erasure (personal facts removed from the stored payloads).
ALTER TABLE "evento" ADD COLUMN "membro_id" UUID;
UPDATE "evento" SET "membro_id" = ("dados"->>'membroId')::uuid WHERE "dados" ? 'membroId' AND "dados"->>'membroId' ~ '^[0-9a-fA-F-]{36}$';
CREATE INDEX "evento_membro_id_idx" ON "evento"("membro_id");

-- The optional member block in an endpoint's member events (read at delivery).
ALTER TABLE "webhook_endpoint" ADD COLUMN "incluir_membro" BOOLEAN NOT NULL DEFAULT false;

-- Every read of a member's personal data by an integration: insert-only.
CREATE TABLE "leitura_dados_integracao" (
    "id" BIGSERIAL NOT NULL,
    "cliente_id" UUID,
    "endpoint_id" UUID,
    "nome" TEXT NOT NULL,
    "usuario_id" UUID NOT NULL,
    "motivo" TEXT NOT NULL,
    "criado_em" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "leitura_dados_integracao_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "leitura_dados_integracao_usuario_id_criado_em_idx" ON "leitura_dados_integracao"("usuario_id", "criado_em");

-- webhook_publicar also records the member the payload names.
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
  PERFORM pg_notify('webhook_entrega', '');
END
$$;

-- membro.atualizado: an activated, not deleted member's synced profile fields or consents changed.
-- Not for the activation (membro.ativado), nor the erasure (conta.excluida), nor an update that
-- changes none of them (a login). The consents always travel, so a withdrawal needs no second call.
CREATE FUNCTION webhook_membro_atualizado() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_campos text[] := '{}';
BEGIN
  IF NOT webhook_assinado('membro.atualizado') THEN RETURN NULL; END IF;
  IF NEW.email IS DISTINCT FROM OLD.email THEN v_campos := v_campos || 'email'::text; END IF;
  IF NEW.nome IS DISTINCT FROM OLD.nome THEN v_campos := v_campos || 'nome'::text; END IF;
  IF NEW.celular IS DISTINCT FROM OLD.celular THEN v_campos := v_campos || 'celular'::text; END IF;
  IF NEW.tipo IS DISTINCT FROM OLD.tipo THEN v_campos := v_campos || 'tipo'::text; END IF;
  IF (NEW.ativo AND NEW.bloqueado_em IS NULL) IS DISTINCT FROM (OLD.ativo AND OLD.bloqueado_em IS NULL) THEN v_campos := v_campos || 'ativo'::text; END IF;
  IF NEW.opt_in_email IS DISTINCT FROM OLD.opt_in_email THEN v_campos := v_campos || 'consentimentos.email'::text; END IF;
  IF NEW.opt_in_sms IS DISTINCT FROM OLD.opt_in_sms THEN v_campos := v_campos || 'consentimentos.sms'::text; END IF;
  IF NEW.opt_in_whatsapp IS DISTINCT FROM OLD.opt_in_whatsapp THEN v_campos := v_campos || 'consentimentos.whatsapp'::text; END IF;
  IF cardinality(v_campos) > 0 THEN
    PERFORM webhook_publicar('membro.atualizado', jsonb_build_object('membroId', NEW.id, 'campos', to_jsonb(v_campos),
      'consentimentos', jsonb_build_object('email', NEW.opt_in_email, 'sms', NEW.opt_in_sms, 'whatsapp', NEW.opt_in_whatsapp),
      'alteradoEm', webhook_iso(NEW.alterado_em AT TIME ZONE 'UTC')));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER webhook_membro_atualizado AFTER UPDATE ON "usuario" FOR EACH ROW
  WHEN (OLD.ativado_em IS NOT NULL AND NEW.ativado_em IS NOT NULL AND OLD.excluido_em IS NULL AND NEW.excluido_em IS NULL
        AND (NEW.email, NEW.nome, NEW.celular, NEW.tipo, NEW.ativo, NEW.bloqueado_em IS NULL, NEW.opt_in_email, NEW.opt_in_sms, NEW.opt_in_whatsapp)
            IS DISTINCT FROM (OLD.email, OLD.nome, OLD.celular, OLD.tipo, OLD.ativo, OLD.bloqueado_em IS NULL, OLD.opt_in_email, OLD.opt_in_sms, OLD.opt_in_whatsapp))
  EXECUTE FUNCTION webhook_membro_atualizado();
