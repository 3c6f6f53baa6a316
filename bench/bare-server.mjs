// The baseline for bench/logged.mjs: Fastify + pg running the query the API's auth runs
// (the user, if the session named by the token is live), nothing else.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify();
app.get('/health', async () => ({ ok: true }));
app.get('/logged/:uid/:sid', async (req, reply) => {
  const { rows } = await pool.query(
    `SELECT u.* FROM usuario u WHERE u.id = $1 AND u.ativo
       AND EXISTS (SELECT 1 FROM sessao s WHERE s.usuario_id = u.id AND s.id = $2 AND s.revogada_em IS NULL AND s.expira_em > now())
     LIMIT 1`,
    [req.params.uid, req.params.sid],
  );
  if (!rows[0]) return reply.status(401).send({ errors: [{ message: 'x' }] });
  return rows[0];
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
