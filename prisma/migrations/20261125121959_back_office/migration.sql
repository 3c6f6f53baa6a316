-- CreateEnum
CREATE TYPE "papel_equipe" AS ENUM ('admin', 'marketing', 'atendimento', 'operacao');

-- CreateTable
CREATE TABLE "equipe_papel" (
    "usuario_id" UUID NOT NULL,
    "papel" "papel_equipe" NOT NULL,
    "concedido_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "equipe_papel_pkey" PRIMARY KEY ("usuario_id","papel")
);

-- CreateTable
CREATE TABLE "auditoria" (
    "id" UUID NOT NULL,
    "autor_id" UUID,
    "acao" TEXT NOT NULL,
    "entidade" TEXT NOT NULL,
    "entidade_id" TEXT,
    "antes" JSONB,
    "depois" JSONB,
    "request_id" TEXT,
    "criado_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "auditoria_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "auditoria_criado_em_idx" ON "auditoria"("criado_em");

-- CreateIndex
CREATE INDEX "auditoria_autor_id_criado_em_idx" ON "auditoria"("autor_id", "criado_em");

-- CreateIndex
CREATE INDEX "auditoria_entidade_entidade_id_idx" ON "auditoria"("entidade", "entidade_id");

-- AddForeignKey
ALTER TABLE "equipe_papel" ADD CONSTRAINT "equipe_papel_usuario_id_fkey" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written (docs/decisions/0027-back-office.md) ------------------------------------------

-- The old operator flag becomes the 'admin' role.
INSERT INTO "equipe_papel" ("usuario_id", "papel") SELECT "id", 'admin' FROM "usuario" WHERE "admin";

-- usuario.admin stays as a mirror of the 'admin' role, kept in step both ways, so the operator
-- routes, scripts and tests that read or set the flag keep working. The role table is the truth the
-- back office reads; each direction only writes when the other side differs, so they never loop.
CREATE FUNCTION legiao_admin_flag_to_role() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.admin THEN
    INSERT INTO equipe_papel (usuario_id, papel) VALUES (NEW.id, 'admin') ON CONFLICT DO NOTHING;
  ELSE
    DELETE FROM equipe_papel WHERE usuario_id = NEW.id AND papel = 'admin';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER admin_flag_to_role_insert AFTER INSERT ON usuario FOR EACH ROW WHEN (NEW.admin) EXECUTE FUNCTION legiao_admin_flag_to_role();
CREATE TRIGGER admin_flag_to_role_update AFTER UPDATE OF admin ON usuario FOR EACH ROW
  WHEN (OLD.admin IS DISTINCT FROM NEW.admin) EXECUTE FUNCTION legiao_admin_flag_to_role();

CREATE FUNCTION legiao_admin_role_to_flag() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  uid uuid;
BEGIN
  FOREACH uid IN ARRAY ARRAY[
    CASE WHEN TG_OP <> 'INSERT' AND OLD.papel = 'admin' THEN OLD.usuario_id END,
    CASE WHEN TG_OP <> 'DELETE' AND NEW.papel = 'admin' THEN NEW.usuario_id END
  ] LOOP
    CONTINUE WHEN uid IS NULL;
    UPDATE usuario u SET admin = has_role
      FROM (SELECT EXISTS (SELECT 1 FROM equipe_papel WHERE usuario_id = uid AND papel = 'admin') AS has_role) r
      WHERE u.id = uid AND u.admin IS DISTINCT FROM r.has_role;
  END LOOP;
  RETURN NULL;
END $$;
CREATE TRIGGER admin_role_to_flag AFTER INSERT OR UPDATE OR DELETE ON equipe_papel FOR EACH ROW EXECUTE FUNCTION legiao_admin_role_to_flag();

-- The audit trail is append-only. A statement-level BEFORE trigger refuses UPDATE, DELETE and
-- TRUNCATE (even of zero rows) for every role, the table's owner and superusers included: the API
-- connects as the owner (docker-compose: postgres), which privileges alone cannot restrain.
-- ENABLE ALWAYS: it fires under session_replication_role = replica too. Only DDL (dropping or
-- disabling the trigger) gets past it; run the API as a role that does not own the table to close
-- that as well (ADR 0027).
CREATE FUNCTION legiao_auditoria_somente_insercao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'A auditoria só aceita inserções (% recusado).', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER auditoria_somente_insercao BEFORE UPDATE OR DELETE OR TRUNCATE ON auditoria FOR EACH STATEMENT
  EXECUTE FUNCTION legiao_auditoria_somente_insercao();
ALTER TABLE auditoria ENABLE ALWAYS TRIGGER auditoria_somente_insercao;
-- Roles that do not own the table get no way to change it either, whatever default privileges say.
REVOKE UPDATE, DELETE, TRUNCATE ON auditoria FROM PUBLIC;
