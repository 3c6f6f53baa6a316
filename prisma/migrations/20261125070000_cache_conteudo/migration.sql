-- Content cache invalidation (docs/decisions/0019-content-cache.md): every change to what staff edit
-- and members only read notifies the channel legiao_cache with the table's name, delivered to every
-- API process when the writing transaction commits (NOTIFY folds repeats within one transaction).
-- Statement-level triggers: one notification per statement, however many rows it touched.
-- Counters that move with members' activity (benefit stock, legion numbers handed out) are not
-- definitions: updates of only those columns don't invalidate anything, and they are read live.

CREATE FUNCTION legiao_cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('legiao_cache', TG_TABLE_NAME);
  RETURN NULL;
END $$;

-- Whole tables: any write invalidates.
CREATE TRIGGER cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON banner FOR EACH STATEMENT EXECUTE FUNCTION legiao_cache_notify();
CREATE TRIGGER cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON banner_site FOR EACH STATEMENT EXECUTE FUNCTION legiao_cache_notify();
CREATE TRIGGER cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON faq FOR EACH STATEMENT EXECUTE FUNCTION legiao_cache_notify();
CREATE TRIGGER cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pesquisa FOR EACH STATEMENT EXECUTE FUNCTION legiao_cache_notify();
CREATE TRIGGER cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pesquisa_pergunta FOR EACH STATEMENT EXECUTE FUNCTION legiao_cache_notify();
CREATE TRIGGER cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pesquisa_pergunta_resposta FOR EACH STATEMENT EXECUTE FUNCTION legiao_cache_notify();

-- Definitions with a live counter beside them: inserts, deletes and updates of the definition's
-- columns invalidate; `estoque` (taken by every redemption) and `numeros_atribuidos` (moved by every
-- verified purchase) don't.
CREATE TRIGGER cache_notify_write AFTER INSERT OR DELETE OR TRUNCATE ON beneficio FOR EACH STATEMENT EXECUTE FUNCTION legiao_cache_notify();
CREATE TRIGGER cache_notify_update AFTER UPDATE OF id, chave, nome, tipo, descricao, url_imagem, valor, evento, data_evento, texto_legal, url_beneficio,
  percentual_desconto, inicio, fim, publico, cidades, limite_por_membro, modo_cupom, prefixo_cupom, ativo, ordem, experiencia
  ON beneficio FOR EACH STATEMENT EXECUTE FUNCTION legiao_cache_notify();
CREATE TRIGGER cache_notify_write AFTER INSERT OR DELETE OR TRUNCATE ON beneficio_opcao FOR EACH STATEMENT EXECUTE FUNCTION legiao_cache_notify();
CREATE TRIGGER cache_notify_update AFTER UPDATE OF id, beneficio_id, nome, data, ordem ON beneficio_opcao FOR EACH STATEMENT EXECUTE FUNCTION legiao_cache_notify();
CREATE TRIGGER cache_notify_write AFTER INSERT OR DELETE OR TRUNCATE ON produto FOR EACH STATEMENT EXECUTE FUNCTION legiao_cache_notify();
CREATE TRIGGER cache_notify_update AFTER UPDATE OF id, sku, nome, nome_busca, categoria, subcategoria, img, img_alternativa, descricao_detalhe,
  tempo_quente, tempo_gelado, tempo_com_gelo, moldura, ativo ON produto FOR EACH STATEMENT EXECUTE FUNCTION legiao_cache_notify();
