-- CreateTable
CREATE TABLE "painel_minuto" (
    "minuto" TIMESTAMP(3) NOT NULL,
    "aguardando" INTEGER,
    "admitidos" INTEGER,
    "espera_ms" INTEGER,
    "admissoes" INTEGER,
    "erros" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "painel_minuto_pkey" PRIMARY KEY ("minuto")
);

-- CreateIndex
CREATE INDEX "usuario_data_cadastro_idx" ON "usuario"("data_cadastro");

-- CreateIndex
CREATE INDEX "usuario_ativado_em_idx" ON "usuario"("ativado_em");

-- CreateIndex
CREATE INDEX "sessao_criada_em_usuario_id_idx" ON "sessao"("criada_em", "usuario_id");

-- CreateIndex
CREATE INDEX "indicacao_criada_em_idx" ON "indicacao"("criada_em");

-- CreateIndex
CREATE INDEX "indicacao_confirmada_em_idx" ON "indicacao"("confirmada_em");

-- CreateIndex
CREATE INDEX "resgate_criado_em_beneficio_id_idx" ON "resgate"("criado_em", "beneficio_id");

-- CreateIndex
CREATE INDEX "pesquisa_participacao_pesquisa_id_concluida_em_idx" ON "pesquisa_participacao"("pesquisa_id", "concluida_em");

-- CreateIndex
CREATE INDEX "pesquisa_resposta_usuario_pergunta_id_criada_em_idx" ON "pesquisa_resposta_usuario"("pergunta_id", "criada_em");

