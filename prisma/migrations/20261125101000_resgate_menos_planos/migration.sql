-- Hand-written (docs/decisions/0020-redemptions-fast-path.md): less work per redemption in
-- resgatar_beneficio (the one-round-trip signature of 20261125095400_resgate_sessao), same answers.
-- The CPU profile of bench/resgate.mjs had a third of the function's time in starting the plans of
-- its statements (one node per table and subquery, initialised on every call even when not run):
-- - the Idempotency-Key is looked up in `resgate` alone; the stored redemption's code, day and benefit
--   are read only when there is one (a replay, rare);
-- - the benefit is read once for its version and its live counter (it was two subqueries);
-- - the days' generated-code counters are read only for generated-code benefits.

CREATE OR REPLACE FUNCTION "resgatar_beneficio"(
  p_usuario uuid, p_sessao uuid, p_membro text, p_beneficio integer, p_opcao integer, p_chave text, p_agora timestamp(3),
  p_tomar boolean, p_valor integer, p_limite integer, p_modo "ModoCupom", p_codigos text[], p_prazo timestamptz, p_versao text
) RETURNS TABLE (
  resultado text, resgatados integer, saldo integer, estoque_beneficio integer, opcoes_ids integer[], opcoes_estoque integer[],
  resgate_id integer, criado_em timestamp(3), codigo text, usado_em timestamp(3),
  opcao_id integer, opcao_nome text, opcao_data date, beneficio_id integer, beneficio_nome text, evento boolean, url_beneficio text,
  membro json
) LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  v_cupom uuid;
  v_codigo text;
  v_estoque integer;
  v_versao text;
  v_prazo_lock text;
  v_membro text;
  v_resgate integer;
BEGIN
  -- Waited too long for a pooled connection: do nothing (the API answers 503 TENTE_NOVAMENTE).
  IF clock_timestamp() > p_prazo THEN
    RAISE EXCEPTION 'resgate: prazo esgotado antes de começar' USING ERRCODE = 'LG503';
  END IF;
  -- An assignment, not PERFORM: evaluated as a plain expression, without a query.
  v_prazo_lock := set_config('lock_timeout', greatest(1, (extract(epoch FROM p_prazo - clock_timestamp()) * 1000)::int)::text || 'ms', true);
  -- The member's row lock, with the session check of plugins/auth-query.ts (p_sessao NULL: a caller
  -- without a session, the seed inside its own transaction) and the member's version; the member's
  -- fields the rules read (MembroBeneficio) only when the API's copy is not that version.
  SELECT u."xmin"::text,
         CASE WHEN u."xmin"::text IS DISTINCT FROM p_membro THEN
           json_build_object('versao', u."xmin"::text, 'id', u."id", 'tipo', u."tipo", 'cidade', u."cidade", 'perfil', u."perfil", 'nome', u."nome",
             'cpf', u."cpf", 'celular', u."celular", 'dataNascimento', u."data_nascimento", 'genero', u."genero", 'cep', u."cep", 'endereco', u."endereco",
             'numero', u."numero", 'uf', u."uf")
         END
    INTO v_membro, membro
    FROM "usuario" u
   WHERE u."id" = p_usuario
     AND (p_sessao IS NULL OR (u."ativo" AND EXISTS (SELECT 1 FROM "sessao" s WHERE s."id" = p_sessao AND s."usuario_id" = u."id" AND s."revogada_em" IS NULL AND s."expira_em" > p_agora)))
     FOR NO KEY UPDATE OF u;
  IF NOT FOUND THEN
    resultado := 'sessao';
    RETURN NEXT;
    RETURN;
  END IF;
  IF membro IS NOT NULL THEN
    resultado := 'membro';
    RETURN NEXT;
    RETURN;
  END IF;

  -- Everything read under the lock, in ONE statement (its snapshot is taken after the lock was
  -- granted, so it sees every debit committed before): whether the Idempotency-Key already redeemed,
  -- the definition's version and live counter, the member's redemptions of the benefit and the balance.
  SELECT (SELECT r."id" FROM "resgate" r WHERE r."usuario_id" = p_usuario AND r."chave_idempotencia" = p_chave),
         md5((to_jsonb(b) - 'estoque' - 'atualizado_em')::text || '|' || COALESCE(
           (SELECT jsonb_agg(to_jsonb(o) - 'estoque' ORDER BY o."id")::text FROM "beneficio_opcao" o WHERE o."beneficio_id" = b."id"), '')),
         b."estoque",
         (SELECT count(*)::int FROM "resgate" r WHERE r."usuario_id" = p_usuario AND r."beneficio_id" = p_beneficio),
         (SELECT COALESCE(SUM(l."valor"), 0)::int FROM "lancamento" l WHERE l."usuario_id" = p_usuario)
    INTO v_resgate, v_versao, estoque_beneficio, resgatados, saldo
    FROM (SELECT 1) um LEFT JOIN "beneficio" b ON b."id" = p_beneficio;

  IF v_resgate IS NOT NULL THEN
    -- The stored redemption, as it was answered (a separate statement: replays are rare).
    resgate_id := v_resgate;
    SELECT 'replay', r."criado_em", c."codigo", c."usado_em", o."id", o."nome", o."data", b."id", b."nome", b."evento", b."url_beneficio"
      INTO resultado, criado_em, codigo, usado_em, opcao_id, opcao_nome, opcao_data, beneficio_id, beneficio_nome, evento, url_beneficio
      FROM "resgate" r JOIN "cupom" c ON c."id" = r."cupom_id" JOIN "beneficio" b ON b."id" = r."beneficio_id"
      LEFT JOIN "beneficio_opcao" o ON o."id" = r."opcao_id"
     WHERE r."id" = v_resgate;
    RETURN NEXT;
    RETURN;
  END IF;

  -- The definition the API evaluated the rules on must be the current one (p_versao: its
  -- beneficio_versao, null = don't check): otherwise 'definicao', nothing written, and the API reloads it.
  IF p_versao IS NOT NULL AND v_versao IS DISTINCT FROM p_versao THEN
    resultado := 'definicao';
    resgatados := NULL;
    saldo := NULL;
    estoque_beneficio := NULL;
    RETURN NEXT;
    RETURN;
  END IF;

  -- Generated codes: the days' counters too (one more statement, for these benefits only).
  IF p_modo = 'gerado' THEN
    SELECT array_agg(o."id" ORDER BY o."id"), array_agg(o."estoque" ORDER BY o."id") INTO opcoes_ids, opcoes_estoque
      FROM "beneficio_opcao" o WHERE o."beneficio_id" = p_beneficio;
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

  -- The redemption and its debit in one statement.
  WITH r AS (
    INSERT INTO "resgate" ("usuario_id", "beneficio_id", "opcao_id", "cupom_id", "valor", "chave_idempotencia", "criado_em")
    VALUES (p_usuario, p_beneficio, p_opcao, v_cupom, p_valor, p_chave, p_agora)
    RETURNING "id"
  )
  INSERT INTO "lancamento" ("id", "usuario_id", "motivo", "valor", "resgate_id", "data")
  SELECT gen_random_uuid(), p_usuario, 'resgate_beneficio', -p_valor, r."id", p_agora FROM r
  RETURNING "resgate_id" INTO resgate_id;

  resultado := 'resgatado';
  criado_em := p_agora;
  codigo := v_codigo;
  RETURN NEXT;
END
$$;
