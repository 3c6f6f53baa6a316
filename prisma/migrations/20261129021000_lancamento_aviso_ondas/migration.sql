-- The alerts in waves (issue 32 §2; docs/decisions/0049-launch-alert-waves.md): each launch's bound
-- for alerting everyone who asked, and one row per wave with what the control rule read and decided.
-- Written by hand in the form scripts/new-migration.mjs writes.

-- AlterTable
ALTER TABLE "lancamento_produto" ADD COLUMN "aviso_prazo_min" INTEGER NOT NULL DEFAULT 30;
ALTER TABLE "lancamento_produto" ADD CONSTRAINT "lancamento_produto_aviso_prazo_min_check" CHECK ("aviso_prazo_min" BETWEEN 1 AND 1440);

-- CreateTable
CREATE TABLE "lancamento_aviso_onda" (
    "lancamento_id" UUID NOT NULL,
    "numero" INTEGER NOT NULL,
    "criada_em" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "tamanho" INTEGER NOT NULL,
    "restantes" INTEGER NOT NULL,
    "fila_aguardando" INTEGER NOT NULL,
    "fila_admissoes" INTEGER NOT NULL,
    "taxa" INTEGER NOT NULL,
    "ritmo" INTEGER NOT NULL,
    "piso" INTEGER NOT NULL,

    CONSTRAINT "lancamento_aviso_onda_pkey" PRIMARY KEY ("lancamento_id","numero")
);

-- AddForeignKey
ALTER TABLE "lancamento_aviso_onda" ADD CONSTRAINT "lancamento_aviso_onda_lancamento_id_fkey" FOREIGN KEY ("lancamento_id") REFERENCES "lancamento_produto"("id") ON DELETE CASCADE ON UPDATE CASCADE;
