-- Hand-written (docs/decisions/0020-redemptions-fast-path.md): the redemption checks that the benefit
-- definition the API evaluated the rules on is the current one, so the API may keep definitions in
-- memory and skip reading one per redemption (one round trip less).

-- A digest of everything the rules and the answer read from a benefit and its days; the live counters
-- (estoque, read under the lock by the redemption itself) and atualizado_em are left out. NULL when the
-- benefit doesn't exist.
CREATE FUNCTION "beneficio_versao"(p_beneficio integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT md5((to_jsonb(b) - 'estoque' - 'atualizado_em')::text || '|' || COALESCE(
           (SELECT jsonb_agg(to_jsonb(o) - 'estoque' ORDER BY o."id")::text FROM "beneficio_opcao" o WHERE o."beneficio_id" = b."id"), ''))
  FROM "beneficio" b WHERE b."id" = p_beneficio
$$;

-- The same function with p_versao (the previous signature stays for API processes still running the
-- previous code during a deploy; a later migration drops it). New result: 'definicao'.
CREATE FUNCTION "resgatar_beneficio"(
  p_usuario uuid, p_beneficio integer, p_opcao integer, p_chave text, p_agora timestamp(3),
  p_tomar boolean, p_valor integer, p_limite integer, p_modo "ModoCupom", p_codigos text[], p_prazo timestamptz, p_versao text
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

  -- The definition the API evaluated the rules on must be the current one (p_versao: its
  -- beneficio_versao, null = don't check): otherwise 'definicao', nothing written, and the API reloads it.
  IF p_versao IS NOT NULL AND beneficio_versao(p_beneficio) IS DISTINCT FROM p_versao THEN
    resultado := 'definicao';
    RETURN NEXT;
    RETURN;
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
