-- CreateIndex
CREATE INDEX "usuario_nome_id_idx" ON "usuario"("nome", "id");

