-- CreateEnum
CREATE TYPE "status_entrega_webhook" AS ENUM ('pendente', 'entregue', 'falhou');

-- CreateTable
CREATE TABLE "evento" (
    "id" TEXT NOT NULL,
    "tipo" TEXT NOT NULL,
    "versao" INTEGER NOT NULL DEFAULT 1,
    "dados" JSONB NOT NULL,
    "criado_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "evento_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_endpoint" (
    "id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "descricao" TEXT NOT NULL DEFAULT '',
    "tipos" TEXT[],
    "segredo" TEXT NOT NULL,
    "segredo_anterior" TEXT,
    "segredo_anterior_ate" TIMESTAMP(3),
    "pausado_em" TIMESTAMP(3),
    "motivo_pausa" TEXT,
    "falhando_desde" TIMESTAMP(3),
    "criado_por_id" UUID,
    "criado_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "atualizado_em" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "webhook_endpoint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_entrega" (
    "id" UUID NOT NULL,
    "evento_id" TEXT NOT NULL,
    "endpoint_id" UUID NOT NULL,
    "status" "status_entrega_webhook" NOT NULL DEFAULT 'pendente',
    "job_id" UUID,
    "tentativas" INTEGER NOT NULL DEFAULT 0,
    "ultimo_codigo" INTEGER,
    "ultima_resposta" TEXT,
    "ultimo_erro" TEXT,
    "ultima_tentativa_em" TIMESTAMP(3),
    "entregue_em" TIMESTAMP(3),
    "criado_em" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_entrega_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "evento_criado_em_idx" ON "evento"("criado_em");

-- CreateIndex
CREATE INDEX "webhook_entrega_endpoint_id_criado_em_idx" ON "webhook_entrega"("endpoint_id", "criado_em");

-- CreateIndex
CREATE INDEX "webhook_entrega_evento_id_idx" ON "webhook_entrega"("evento_id");

-- AddForeignKey
ALTER TABLE "webhook_entrega" ADD CONSTRAINT "webhook_entrega_evento_id_fkey" FOREIGN KEY ("evento_id") REFERENCES "evento"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_entrega" ADD CONSTRAINT "webhook_entrega_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- The relay's work: deliveries not yet on a job (docs/decisions/0042-webhooks.md).
CREATE INDEX "webhook_entrega_a_enfileirar_idx" ON "webhook_entrega" ("criado_em") WHERE "job_id" IS NULL AND "status" = 'pendente';
CREATE INDEX "webhook_entrega_pendente_idx" ON "webhook_entrega" ("criado_em") WHERE "status" = 'pendente';

-- Events are written here, by triggers on the tables whose change is the event, in the change's own
-- transaction: every path that makes the change (the API, the CSV import, the store integration, a
-- set-based batch, the CLI) writes its event, and a rolled-back change writes none. Only while some
-- endpoint subscribes to the type (one indexed probe of a tiny table otherwise); each event fans out
-- to one delivery per subscribed endpoint (paused ones too: they get theirs when resumed), and a
-- NOTIFY (sent at commit, folded into one per transaction) wakes the relay that queues them.
CREATE FUNCTION webhook_assinado(p_tipo text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM webhook_endpoint WHERE cardinality(tipos) = 0 OR p_tipo = ANY (tipos))
$$;

CREATE FUNCTION webhook_publicar(p_tipo text, p_dados jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_id text := 'evt_' || replace(gen_random_uuid()::text, '-', '');
  v_agora timestamp(3) := now() AT TIME ZONE 'UTC';
BEGIN
  INSERT INTO evento (id, tipo, versao, dados, criado_em) VALUES (v_id, p_tipo, 1, p_dados, v_agora);
  INSERT INTO webhook_entrega (id, evento_id, endpoint_id, criado_em)
    SELECT gen_random_uuid(), v_id, e.id, v_agora FROM webhook_endpoint e WHERE cardinality(e.tipos) = 0 OR p_tipo = ANY (e.tipos);
  PERFORM pg_notify('webhook_entrega', '');
END
$$;

-- ISO 8601 in UTC, as the API answers dates (the columns hold UTC).
CREATE FUNCTION webhook_iso(p timestamp) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(p, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

-- membro.ativado and conta.excluida
CREATE FUNCTION webhook_usuario() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.ativo AND NEW.excluido_em IS NULL AND (TG_OP = 'INSERT' OR NOT OLD.ativo) AND webhook_assinado('membro.ativado') THEN
    PERFORM webhook_publicar('membro.ativado', jsonb_build_object('membroId', NEW.id, 'tipo', NEW.tipo,
      'ativadoEm', webhook_iso(coalesce(NEW.ativado_em, now() AT TIME ZONE 'UTC'))));
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.excluido_em IS NOT NULL AND OLD.excluido_em IS NULL AND webhook_assinado('conta.excluida') THEN
    PERFORM webhook_publicar('conta.excluida', jsonb_build_object('membroId', NEW.id, 'excluidaEm', webhook_iso(NEW.excluido_em)));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER webhook_usuario_ins AFTER INSERT ON usuario FOR EACH ROW WHEN (NEW.ativo) EXECUTE FUNCTION webhook_usuario();
CREATE TRIGGER webhook_usuario_upd AFTER UPDATE ON usuario FOR EACH ROW
  WHEN ((NEW.ativo AND NOT OLD.ativo) OR (NEW.excluido_em IS NOT NULL AND OLD.excluido_em IS NULL)) EXECUTE FUNCTION webhook_usuario();

-- compra.verificada and compra.cancelada
CREATE FUNCTION webhook_compra() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.produto_validado AND NEW.cancelado_em IS NULL AND (TG_OP = 'INSERT' OR NOT OLD.produto_validado) AND webhook_assinado('compra.verificada') THEN
    PERFORM webhook_publicar('compra.verificada', jsonb_build_object('compraId', NEW.id, 'membroId', NEW.usuario_id, 'produtoId', NEW.produto_id,
      'quantidade', NEW.quantidade, 'dataCompra', to_char(NEW.data_compra, 'YYYY-MM-DD'), 'codigoPedido', NEW.codigo_pedido, 'origem', NEW.origem));
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.cancelado_em IS NOT NULL AND OLD.cancelado_em IS NULL AND webhook_assinado('compra.cancelada') THEN
    PERFORM webhook_publicar('compra.cancelada', jsonb_build_object('compraId', NEW.id, 'membroId', NEW.usuario_id, 'produtoId', NEW.produto_id,
      'codigoPedido', NEW.codigo_pedido, 'canceladaEm', webhook_iso(NEW.cancelado_em)));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER webhook_compra_ins AFTER INSERT ON produto_cliente FOR EACH ROW WHEN (NEW.produto_validado) EXECUTE FUNCTION webhook_compra();
CREATE TRIGGER webhook_compra_upd AFTER UPDATE ON produto_cliente FOR EACH ROW
  WHEN ((NEW.produto_validado AND NOT OLD.produto_validado) OR (NEW.cancelado_em IS NOT NULL AND OLD.cancelado_em IS NULL)) EXECUTE FUNCTION webhook_compra();

-- indicacao.confirmada
CREATE FUNCTION webhook_indicacao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF webhook_assinado('indicacao.confirmada') THEN
    PERFORM webhook_publicar('indicacao.confirmada', jsonb_build_object('indicacaoId', NEW.id, 'indicadorId', NEW.indicador_id,
      'indicadoId', NEW.indicado_id, 'confirmadaEm', webhook_iso(coalesce(NEW.confirmada_em, now() AT TIME ZONE 'UTC'))));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER webhook_indicacao_ins AFTER INSERT ON indicacao FOR EACH ROW WHEN (NEW.status = 'confirmada') EXECUTE FUNCTION webhook_indicacao();
CREATE TRIGGER webhook_indicacao_upd AFTER UPDATE ON indicacao FOR EACH ROW
  WHEN (NEW.status = 'confirmada' AND OLD.status <> 'confirmada') EXECUTE FUNCTION webhook_indicacao();

-- beneficio.resgatado
CREATE FUNCTION webhook_resgate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF webhook_assinado('beneficio.resgatado') THEN
    PERFORM webhook_publicar('beneficio.resgatado', jsonb_build_object('resgateId', NEW.id, 'membroId', NEW.usuario_id,
      'beneficioId', NEW.beneficio_id, 'opcaoId', NEW.opcao_id, 'valor', NEW.valor, 'resgatadoEm', webhook_iso(NEW.criado_em)));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER webhook_resgate_ins AFTER INSERT ON resgate FOR EACH ROW EXECUTE FUNCTION webhook_resgate();

-- saldo.alterado, per statement (one statement may write several entries of one member: an order's
-- items, an import, a cancellation's reversals): each entry's event carries the balance right after
-- it, the balance before the statement plus the statement's entries up to it (by time, then id).
-- As the transaction sees it: two transactions crediting one member at the same instant may each
-- report a balance without the other's entry (the valor of every event is exact; ADR 0042).
-- An entry of 0 (a free benefit) changes no balance: no event.
CREATE FUNCTION webhook_lancamento() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF webhook_assinado('saldo.alterado') THEN
    PERFORM webhook_publicar('saldo.alterado', jsonb_build_object('lancamentoId', n.id, 'membroId', n.usuario_id, 'motivo', n.motivo,
      'valor', n.valor, 'saldo', n.saldo, 'data', webhook_iso(n.data)))
    FROM (SELECT s.id, s.usuario_id, s.motivo, s.valor, s.data,
                 (SELECT coalesce(sum(l.valor), 0) FROM lancamento l WHERE l.usuario_id = s.usuario_id AND NOT EXISTS (SELECT 1 FROM novos x WHERE x.id = l.id))
                 + sum(s.valor) OVER (PARTITION BY s.usuario_id ORDER BY s.data, s.id) AS saldo
            FROM novos s) n
    WHERE n.valor <> 0
    ORDER BY n.usuario_id, n.data, n.id;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER webhook_lancamento_ins AFTER INSERT ON lancamento REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION webhook_lancamento();

-- pesquisa.respondida
CREATE FUNCTION webhook_pesquisa() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF webhook_assinado('pesquisa.respondida') THEN
    PERFORM webhook_publicar('pesquisa.respondida', jsonb_build_object('pesquisaId', NEW.pesquisa_id, 'membroId', NEW.usuario_id,
      'concluidaEm', webhook_iso(NEW.concluida_em)));
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER webhook_pesquisa_ins AFTER INSERT ON pesquisa_participacao FOR EACH ROW WHEN (NEW.concluida_em IS NOT NULL) EXECUTE FUNCTION webhook_pesquisa();
CREATE TRIGGER webhook_pesquisa_upd AFTER UPDATE ON pesquisa_participacao FOR EACH ROW
  WHEN (NEW.concluida_em IS NOT NULL AND OLD.concluida_em IS NULL) EXECUTE FUNCTION webhook_pesquisa();
ALTER TABLE "webhook_endpoint" ALTER COLUMN "tipos" SET DEFAULT '{}', ALTER COLUMN "tipos" SET NOT NULL;
CREATE INDEX "webhook_entrega_falhou_idx" ON "webhook_entrega" ("endpoint_id", "criado_em") WHERE "status" = 'falhou';
