-- Back-office imports (docs/decisions/0032-back-office-imports.md): the screen reads an import's
-- first refused or pending lines every second while it is applied; without this they are found by
-- walking all of its lines (100,000 in bench/importacoes.mjs, 0.1-0.3 s per read). Partial, so it
-- holds only those lines. Hand-written: the Prisma schema cannot express a partial index.
CREATE INDEX "importacao_linha_recusadas_idx" ON "importacao_linha" ("importacao_id", "linha") WHERE "situacao" IN ('recusada', 'pendente');
