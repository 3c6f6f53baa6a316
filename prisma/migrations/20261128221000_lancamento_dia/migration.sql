-- The launch day (issue 31 part 4; docs/decisions/0047-launches.md, part 2): members' first views
-- and accesses of a launch, and the waiting room held on for its opening. Written by hand (the
-- schema engine is not available here) in the form scripts/new-migration.mjs writes.

-- CreateTable
CREATE TABLE "lancamento_visualizacao" (
    "lancamento_id" UUID NOT NULL,
    "usuario_id" UUID NOT NULL,
    "primeira_em" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "elegivel" BOOLEAN NOT NULL,
    "acessado_em" TIMESTAMPTZ(3),

    CONSTRAINT "lancamento_visualizacao_pkey" PRIMARY KEY ("lancamento_id","usuario_id")
);

-- CreateTable
CREATE TABLE "lancamento_fila" (
    "lancamento_id" UUID NOT NULL,
    "abertura" TIMESTAMPTZ(3) NOT NULL,
    "ligada_em" TIMESTAMPTZ(3) NOT NULL,
    "ate" TIMESTAMPTZ(3) NOT NULL,
    "desligada_em" TIMESTAMPTZ(3),
    "motivo" TEXT,

    CONSTRAINT "lancamento_fila_pkey" PRIMARY KEY ("lancamento_id","abertura")
);

-- CreateIndex
CREATE INDEX "lancamento_visualizacao_lancamento_id_primeira_em_idx" ON "lancamento_visualizacao"("lancamento_id", "primeira_em");

-- AddForeignKey
ALTER TABLE "lancamento_visualizacao" ADD CONSTRAINT "lancamento_visualizacao_lancamento_id_fkey" FOREIGN KEY ("lancamento_id") REFERENCES "lancamento_produto"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lancamento_visualizacao" ADD CONSTRAINT "lancamento_visualizacao_usuario_id_fkey" FOREIGN KEY ("usuario_id") REFERENCES "usuario"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "lancamento_fila" ADD CONSTRAINT "lancamento_fila_lancamento_id_fkey" FOREIGN KEY ("lancamento_id") REFERENCES "lancamento_produto"("id") ON DELETE CASCADE ON UPDATE CASCADE;
