-- The relay's work, per endpoint (docs/decisions/0046-webhook-throughput.md). The relay read the
-- deliveries without a job in order of creation and dropped those of paused endpoints after the
-- join: a paused endpoint's held deliveries (10,000 or millions) were read again on every round.
-- Now it starts from the live endpoints (a tiny table) and reads each one's waiting deliveries from
-- this index, so a paused endpoint's are never touched:
--   Nested Loop
--     -> Seq Scan on webhook_endpoint p  Filter: (pausado_em IS NULL)
--     -> Subquery Scan on e -> Limit -> LockRows
--          -> Index Scan using webhook_entrega_a_enfileirar_idx on webhook_entrega
--               Index Cond: (endpoint_id = p.id)
-- (test/webhooks-relay.test.ts checks this plan and times the relay beside 10,000 held deliveries.)
DROP INDEX "webhook_entrega_a_enfileirar_idx";
CREATE INDEX "webhook_entrega_a_enfileirar_idx" ON "webhook_entrega" ("endpoint_id", "criado_em") WHERE "job_id" IS NULL AND "status" = 'pendente';
