-- CreateTable
CREATE TABLE "fila_agendamento" (
    "id" SERIAL NOT NULL,
    "executar_em" TIMESTAMPTZ(3) NOT NULL,
    "capacidade" INTEGER,
    "admissoes_por_minuto" INTEGER,
    "pausada" BOOLEAN,
    "descricao" TEXT NOT NULL DEFAULT '',
    "criado_por" UUID,
    "criado_em" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "executado_em" TIMESTAMPTZ(3),
    "cancelado_em" TIMESTAMPTZ(3),
    "erro" TEXT,

    CONSTRAINT "fila_agendamento_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "fila_agendamento_executar_em_idx" ON "fila_agendamento"("executar_em");


-- The back office's waiting-room panel lists these in every API process from the content cache
-- (docs/decisions/0019-content-cache.md): any write tells every process (ADR 0029).
CREATE TRIGGER cache_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON fila_agendamento FOR EACH STATEMENT EXECUTE FUNCTION legiao_cache_notify();
