-- Content cache invalidation, definitions with live counters (docs/decisions/0019-content-cache.md):
-- an update notifies when anything but the live counters changed. The previous triggers listed the
-- definition columns (UPDATE OF ...), which a new column would silently escape (produto's imagem3 and
-- imagem4 already did); comparing the rows without the counters covers every column, present and future.

DROP TRIGGER cache_notify_update ON beneficio;
DROP TRIGGER cache_notify_update ON beneficio_opcao;
DROP TRIGGER cache_notify_update ON produto;

CREATE TRIGGER cache_notify_update AFTER UPDATE ON beneficio FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'estoque' - 'atualizado_em') IS DISTINCT FROM (to_jsonb(NEW) - 'estoque' - 'atualizado_em'))
  EXECUTE FUNCTION legiao_cache_notify();
CREATE TRIGGER cache_notify_update AFTER UPDATE ON beneficio_opcao FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'estoque') IS DISTINCT FROM (to_jsonb(NEW) - 'estoque'))
  EXECUTE FUNCTION legiao_cache_notify();
CREATE TRIGGER cache_notify_update AFTER UPDATE ON produto FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'numeros_atribuidos' - 'atualizado_em') IS DISTINCT FROM (to_jsonb(NEW) - 'numeros_atribuidos' - 'atualizado_em'))
  EXECUTE FUNCTION legiao_cache_notify();
