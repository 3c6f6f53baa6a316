-- The alert sender's claim (alert-sender.ts, 'aviso-reservar-lote'): the next rows of a wave, in
-- member order, still reserved. With only (lancamento_id, status, onda) the planner read every
-- reserved row of the wave and sorted them for each claim of ~20 (38 ms at 10,000 reserved rows, and
-- a claim every second per sender with the waves paced): measured at 100,000 members, the sending
-- fell from 60 to 30 alerts/s as the backlog grew. This index holds only the reserved rows, in the
-- claim's order, so a claim reads about what it takes. Hand-written: the Prisma schema cannot
-- express a partial index.
CREATE INDEX "lancamento_aviso_reservado_idx" ON "lancamento_aviso" ("lancamento_id", "onda", "usuario_id") WHERE "status" = 'reservado';
