-- The audit trail's order of writing. "Newest first" sorted by criado_em and then by the random
-- uuid: two entries in the same millisecond (two writes in one request, or in one transaction,
-- whose now() is the same) came out in either order (seen: a test's criar/editar pair swapped in a
-- full run). A sequence gives every entry its place when it is written.
ALTER TABLE "auditoria" ADD COLUMN "ordem" SERIAL NOT NULL;
CREATE UNIQUE INDEX "auditoria_ordem_key" ON "auditoria"("ordem");
-- 32 bits (2.1 billion entries: decades of back-office writes): a JS number in every reader, where
-- a bigint would not serialise as JSON.
