-- "Avise-me" (issue 32 §1; docs/decisions/0049-launch-alert-waves.md): a member asks to be alerted by
-- e-mail when their early access opens; the same row is the alert's claim in the waves (§2). Written
-- by hand (the schema engine is not available here) in the form scripts/new-migration.mjs writes.

-- CreateEnum
CREATE TYPE "status_aviso" AS ENUM ('pedido', 'cancelado', 'reservado', 'enviando', 'enviado', 'ignorado', 'falhou', 'incerto');

-- CreateTable
CREATE TABLE "lancamento_aviso" (
    "lancamento_id" UUID NOT NULL,
    "usuario_id" UUID NOT NULL,
    "status" "status_aviso" NOT NULL DEFAULT 'pedido',
    "pedido_em" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "cancelado_em" TIMESTAMPTZ(3),
    "onda" INTEGER,
    "lote" UUID,
    "lote_ate" TIMESTAMPTZ(3),
    "tentativas" INTEGER NOT NULL DEFAULT 0,
    "enviado_em" TIMESTAMPTZ(3),
    "motivo" TEXT,
    "atualizado_em" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "lancamento_aviso_pkey" PRIMARY KEY ("lancamento_id","usuario_id")
);

-- CreateIndex
CREATE INDEX "lancamento_aviso_lancamento_id_status_onda_idx" ON "lancamento_aviso"("lancamento_id", "status", "onda");

-- CreateIndex
CREATE INDEX "lancamento_aviso_usuario_id_idx" ON "lancamento_aviso"("usuario_id");

-- AddForeignKey
ALTER TABLE "lancamento_aviso" ADD CONSTRAINT "lancamento_aviso_lancamento_id_fkey" FOREIGN KEY ("lancamento_id") REFERENCES "lancamento_produto"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lancamento_aviso" ADD CONSTRAINT "lancamento_aviso_usuario_id_fkey" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE CASCADE ON UPDATE CASCADE;
