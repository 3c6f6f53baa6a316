-- CreateTable
CREATE TABLE "cupom_estoque" (
    "beneficio_id" INTEGER NOT NULL,
    "opcao_id" INTEGER NOT NULL DEFAULT 0,
    "slot" INTEGER NOT NULL,
    "livres" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "cupom_estoque_pkey" PRIMARY KEY ("beneficio_id","opcao_id","slot")
);

-- AddForeignKey
ALTER TABLE "cupom_estoque" ADD CONSTRAINT "cupom_estoque_beneficio_id_fkey" FOREIGN KEY ("beneficio_id") REFERENCES "beneficio"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Hand-written (docs/decisions/0020-redemptions-fast-path.md).

-- Few rows, updated in place on every redemption: room on each page for HOT updates.
ALTER TABLE "cupom_estoque" SET (fillfactor = 50);

-- The free-code counter follows every change of the cupom table, in the same transaction, whoever
-- makes it (redemption, import command, seed, SQL). Each connection writes its own slot
-- (pg_backend_pid() % 16), so two redemptions of one benefit on different connections don't wait for
-- each other's commit on one counter row.
-- Inserts and deletes: one statement-level trigger each, one counter write per pool per statement (an
-- import of 5,000 codes is one upsert, not 5,000).
CREATE FUNCTION "cupom_estoque_insercao"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "cupom_estoque" AS e ("beneficio_id", "opcao_id", "slot", "livres")
  SELECT n."beneficio_id", COALESCE(n."opcao_id", 0), pg_backend_pid() % 16, count(*)::int
  FROM "cupom_novos" n WHERE n."resgatado_em" IS NULL
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("beneficio_id", "opcao_id", "slot") DO UPDATE SET "livres" = e."livres" + EXCLUDED."livres";
  RETURN NULL;
END
$$;
CREATE TRIGGER "cupom_estoque_insercao" AFTER INSERT ON "cupom" REFERENCING NEW TABLE AS "cupom_novos"
  FOR EACH STATEMENT EXECUTE FUNCTION "cupom_estoque_insercao"();

CREATE FUNCTION "cupom_estoque_remocao"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "cupom_estoque" AS e ("beneficio_id", "opcao_id", "slot", "livres")
  SELECT v."beneficio_id", COALESCE(v."opcao_id", 0), pg_backend_pid() % 16, -count(*)::int
  FROM "cupom_removidos" v WHERE v."resgatado_em" IS NULL
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("beneficio_id", "opcao_id", "slot") DO UPDATE SET "livres" = e."livres" + EXCLUDED."livres";
  RETURN NULL;
END
$$;
CREATE TRIGGER "cupom_estoque_remocao" AFTER DELETE ON "cupom" REFERENCING OLD TABLE AS "cupom_removidos"
  FOR EACH STATEMENT EXECUTE FUNCTION "cupom_estoque_remocao"();

-- Updates: a row trigger that fires only when a code is taken or freed, or a free code changes pool
-- (the redemption's take is one row).
CREATE FUNCTION "cupom_estoque_alteracao"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."resgatado_em" IS NULL THEN
    INSERT INTO "cupom_estoque" AS e ("beneficio_id", "opcao_id", "slot", "livres")
    VALUES (OLD."beneficio_id", COALESCE(OLD."opcao_id", 0), pg_backend_pid() % 16, -1)
    ON CONFLICT ("beneficio_id", "opcao_id", "slot") DO UPDATE SET "livres" = e."livres" - 1;
  END IF;
  IF NEW."resgatado_em" IS NULL THEN
    INSERT INTO "cupom_estoque" AS e ("beneficio_id", "opcao_id", "slot", "livres")
    VALUES (NEW."beneficio_id", COALESCE(NEW."opcao_id", 0), pg_backend_pid() % 16, 1)
    ON CONFLICT ("beneficio_id", "opcao_id", "slot") DO UPDATE SET "livres" = e."livres" + 1;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER "cupom_estoque_alteracao" AFTER UPDATE ON "cupom" FOR EACH ROW
  WHEN ((OLD."resgatado_em" IS NULL) <> (NEW."resgatado_em" IS NULL)
        OR (OLD."resgatado_em" IS NULL AND (OLD."beneficio_id", OLD."opcao_id") IS DISTINCT FROM (NEW."beneficio_id", NEW."opcao_id")))
  EXECUTE FUNCTION "cupom_estoque_alteracao"();

CREATE FUNCTION "cupom_estoque_esvaziamento"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "cupom_estoque";
  RETURN NULL;
END
$$;
CREATE TRIGGER "cupom_estoque_esvaziamento" AFTER TRUNCATE ON "cupom" FOR EACH STATEMENT EXECUTE FUNCTION "cupom_estoque_esvaziamento"();

-- The pools as they are now (the triggers above already hold the table's lock: no write slips between).
INSERT INTO "cupom_estoque" ("beneficio_id", "opcao_id", "slot", "livres")
SELECT "beneficio_id", COALESCE("opcao_id", 0), 0, count(*)::int FROM "cupom" WHERE "resgatado_em" IS NULL GROUP BY 1, 2;

-- POST /beneficio/resgate in ONE statement (one round trip, its own transaction when called alone):
-- 1. the member's row lock (FOR NO KEY UPDATE): a member's redemptions run one at a time;
-- 2. the Idempotency-Key lookup: a used key answers 'replay' with the stored redemption;
-- 3. what the rules need, read after the lock (each statement of a VOLATILE function takes a fresh
--    snapshot, so it sees every debit committed before the lock was granted): the member's
--    redemptions of the benefit, the balance, the generated-code counters of the benefit and its days;
-- 4. only when the caller says the rules that don't depend on that data pass (p_tomar) and the ones
--    that do pass too (limit, balance, counter): the stock is taken (a pool code with FOR UPDATE SKIP
--    LOCKED, or the counter decremented and the first free candidate code inserted) and the redemption
--    and its debit are inserted.
-- The rules and their messages stay in the API (motivoBloqueio): it evaluates them on what this returns.
-- resultado: 'replay' | 'resgatado' | 'recusado' (nothing written) | 'esgotado' (no stock: nothing written).
CREATE FUNCTION "resgatar_beneficio"(
  p_usuario uuid, p_beneficio integer, p_opcao integer, p_chave text, p_agora timestamp(3),
  p_tomar boolean, p_valor integer, p_limite integer, p_modo "ModoCupom", p_codigos text[], p_prazo timestamptz
) RETURNS TABLE (
  resultado text, resgatados integer, saldo integer, estoque_beneficio integer, opcoes_ids integer[], opcoes_estoque integer[],
  resgate_id integer, criado_em timestamp(3), codigo text, usado_em timestamp(3),
  opcao_id integer, opcao_nome text, opcao_data date, beneficio_id integer, beneficio_nome text, evento boolean, url_beneficio text
) LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  v_cupom uuid;
  v_codigo text;
  v_estoque integer;
BEGIN
  -- Waited too long for a pooled connection: do nothing (the API answers 503 TENTE_NOVAMENTE).
  IF clock_timestamp() > p_prazo THEN
    RAISE EXCEPTION 'resgate: prazo esgotado antes de começar' USING ERRCODE = 'LG503';
  END IF;
  PERFORM set_config('lock_timeout', greatest(1, (extract(epoch FROM p_prazo - clock_timestamp()) * 1000)::int)::text || 'ms', true);
  PERFORM 1 FROM "usuario" WHERE "id" = p_usuario FOR NO KEY UPDATE;

  IF p_chave IS NOT NULL THEN
    SELECT 'replay', r."id", r."criado_em", c."codigo", c."usado_em", o."id", o."nome", o."data", b."id", b."nome", b."evento", b."url_beneficio",
           (SELECT COALESCE(SUM(l."valor"), 0)::int FROM "lancamento" l WHERE l."usuario_id" = p_usuario)
      INTO resultado, resgate_id, criado_em, codigo, usado_em, opcao_id, opcao_nome, opcao_data, beneficio_id, beneficio_nome, evento, url_beneficio, saldo
      FROM "resgate" r JOIN "cupom" c ON c."id" = r."cupom_id" JOIN "beneficio" b ON b."id" = r."beneficio_id"
      LEFT JOIN "beneficio_opcao" o ON o."id" = r."opcao_id"
     WHERE r."usuario_id" = p_usuario AND r."chave_idempotencia" = p_chave;
    IF FOUND THEN
      RETURN NEXT;
      RETURN;
    END IF;
  END IF;

  SELECT (SELECT count(*)::int FROM "resgate" r WHERE r."usuario_id" = p_usuario AND r."beneficio_id" = p_beneficio),
         (SELECT COALESCE(SUM(l."valor"), 0)::int FROM "lancamento" l WHERE l."usuario_id" = p_usuario),
         (SELECT b."estoque" FROM "beneficio" b WHERE b."id" = p_beneficio),
         (SELECT array_agg(o."id" ORDER BY o."id") FROM "beneficio_opcao" o WHERE o."beneficio_id" = p_beneficio AND p_modo = 'gerado'),
         (SELECT array_agg(o."estoque" ORDER BY o."id") FROM "beneficio_opcao" o WHERE o."beneficio_id" = p_beneficio AND p_modo = 'gerado')
    INTO resgatados, saldo, estoque_beneficio, opcoes_ids, opcoes_estoque;

  IF p_modo = 'gerado' THEN
    v_estoque := CASE WHEN p_opcao IS NULL THEN estoque_beneficio ELSE opcoes_estoque[array_position(opcoes_ids, p_opcao)] END;
  END IF;
  IF NOT p_tomar OR resgatados >= p_limite OR saldo < p_valor OR v_estoque = 0 THEN
    resultado := 'recusado';
    RETURN NEXT;
    RETURN;
  END IF;

  IF p_modo = 'lista' THEN
    IF p_opcao IS NULL THEN
      UPDATE "cupom" SET "resgatado_em" = p_agora
       WHERE "id" = (SELECT c."id" FROM "cupom" c WHERE c."beneficio_id" = p_beneficio AND c."opcao_id" IS NULL AND c."resgatado_em" IS NULL
                     ORDER BY c."codigo" LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING "id", "codigo" INTO v_cupom, v_codigo;
    ELSE
      UPDATE "cupom" SET "resgatado_em" = p_agora
       WHERE "id" = (SELECT c."id" FROM "cupom" c WHERE c."beneficio_id" = p_beneficio AND c."opcao_id" = p_opcao AND c."resgatado_em" IS NULL
                     ORDER BY c."codigo" LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING "id", "codigo" INTO v_cupom, v_codigo;
    END IF;
  ELSE
    IF v_estoque IS NOT NULL THEN
      IF p_opcao IS NULL THEN
        UPDATE "beneficio" SET "estoque" = "estoque" - 1 WHERE "id" = p_beneficio AND "estoque" > 0;
      ELSE
        UPDATE "beneficio_opcao" SET "estoque" = "estoque" - 1 WHERE "id" = p_opcao AND "estoque" > 0;
      END IF;
      IF NOT FOUND THEN
        resultado := 'esgotado';
        RETURN NEXT;
        RETURN;
      END IF;
    END IF;
    FOREACH v_codigo IN ARRAY p_codigos LOOP
      INSERT INTO "cupom" ("id", "beneficio_id", "opcao_id", "codigo", "resgatado_em", "criado_em")
      VALUES (gen_random_uuid(), p_beneficio, p_opcao, v_codigo, p_agora, p_agora)
      ON CONFLICT ("codigo") DO NOTHING
      RETURNING "id" INTO v_cupom;
      EXIT WHEN v_cupom IS NOT NULL;
    END LOOP;
    IF v_cupom IS NULL THEN
      -- Rolls the counter back with everything else.
      RAISE EXCEPTION 'não foi possível gerar um código de cupom único';
    END IF;
  END IF;
  IF v_cupom IS NULL THEN
    resultado := 'esgotado';
    RETURN NEXT;
    RETURN;
  END IF;

  INSERT INTO "resgate" ("usuario_id", "beneficio_id", "opcao_id", "cupom_id", "valor", "chave_idempotencia", "criado_em")
  VALUES (p_usuario, p_beneficio, p_opcao, v_cupom, p_valor, p_chave, p_agora)
  RETURNING "id" INTO resgate_id;
  INSERT INTO "lancamento" ("id", "usuario_id", "motivo", "valor", "resgate_id", "data")
  VALUES (gen_random_uuid(), p_usuario, 'resgate_beneficio', -p_valor, resgate_id, p_agora);

  resultado := 'resgatado';
  criado_em := p_agora;
  codigo := v_codigo;
  RETURN NEXT;
END
$$;
