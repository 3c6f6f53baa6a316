// The bare references for bench/logged.mjs and bench/home.mjs: Fastify + fast-jwt + pg, nothing else.
// Each route does what a minimal hand-written server would for the same call: verify the bearer
// token (HS256), run the same SQL the API runs for it (the session check, then the call's own
// statement, without any cache: a bare stack has none), and JSON.stringify the rows. No schemas,
// no logging, no security headers, no error handling beyond 401. The SQL mirrors
// apps/api/src/plugins/auth-query.ts and the services named beside each route.
import Fastify from 'fastify';
import { createVerifier } from 'fast-jwt';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const verify = createVerifier({ key: process.env.JWT_SECRET, algorithms: ['HS256'] });
// Paths match case-insensitively, as in the API (the home calls /api/Conquista, /api/Faq, /api/BannerSite/...).
const app = Fastify({ routerOptions: { caseSensitive: false, ignoreTrailingSlash: true } });

const SESSION = `FROM usuario u JOIN sessao s ON s.usuario_id = u.id
  WHERE u.id = $1 AND s.id = $2 AND u.ativo AND s.revogada_em IS NULL AND s.expira_em > now()`;
const AUTH = `SELECT u.* ${SESSION}`;
const AUTH_BALANCE = `SELECT u.*, (SELECT COALESCE(SUM(l.valor), 0)::int FROM lancamento l WHERE l.usuario_id = u.id) AS saldo ${SESSION}`;

/** The member of the token's live session, or null (then 401). */
async function member(req, sql = AUTH) {
  try {
    const { sub, sid } = verify((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    const { rows } = await pool.query(sql, [sub, sid]);
    return rows[0] ?? null;
  } catch {
    return null;
  }
}

/** A route that checks the session, then runs `data(member, req)` (rows of the call's own SQL). */
function authenticated(path, data, sql = AUTH) {
  app.get(path, async (req, reply) => {
    const u = await member(req, sql);
    if (!u) return reply.status(401).send({ errors: [{ message: 'Não autorizado' }] });
    return data ? data(u, req) : u;
  });
}
const rows = async (text, values = []) => (await pool.query(text, values)).rows;

app.get('/health', async () => ({ ok: true }));
// usuario.routes.ts: the session check with the balance, one statement.
authenticated('/api/usuario/logged', null, AUTH_BALANCE);
// banner.service.ts (the API serves these from its content cache).
authenticated('/api/banner', () => rows('SELECT * FROM banner WHERE ativo ORDER BY ordem, id'));
authenticated('/api/bannersite/ativos', () => rows('SELECT * FROM banner_site WHERE ativo AND inicio <= now() AND fim >= now() ORDER BY ordem, id'));
// conquista.service.ts
authenticated('/api/conquista', (u) =>
  rows(
    `SELECT
      (SELECT count(*)::int FROM indicacao i WHERE i.indicador_id = $1::uuid AND i.status = 'confirmada') AS indicacoes,
      (SELECT count(DISTINCT pc.produto_id)::int FROM produto_cliente pc WHERE pc.usuario_id = $1::uuid AND NOT (pc.produto_validado AND pc.quantidade_presente >= pc.quantidade)) AS produtos,
      (SELECT min(n.numero)::int FROM numero_legionario n JOIN produto_cliente pc ON pc.id = n.produto_cliente_id WHERE pc.usuario_id = $1::uuid) AS numero,
      ARRAY(SELECT DISTINCT b.experiencia::text FROM resgate r JOIN beneficio b ON b.id = r.beneficio_id WHERE r.usuario_id = $1::uuid AND b.experiencia IS NOT NULL) AS experiencias`,
    [u.id],
  ),
);
// produto-cliente.service.ts
authenticated('/api/produto/cliente', (u) =>
  rows(
    `SELECT pc.id::text AS id, pc.produto_id, pc.quantidade, pc.data_compra::text AS data_compra, pc.local_compra, pc.produto_validado, pc.presente,
            pc.quantidade_presente, p.nome, p.categoria, p.img, p.moldura, COALESCE(n.numeros, '{}') AS numeros
     FROM produto_cliente pc JOIN produto p ON p.id = pc.produto_id
     LEFT JOIN (SELECT nl.produto_cliente_id, array_agg(nl.numero ORDER BY nl.numero) AS numeros
                FROM numero_legionario nl JOIN produto_cliente x ON x.id = nl.produto_cliente_id
                WHERE x.usuario_id = $1::uuid GROUP BY nl.produto_cliente_id) n ON n.produto_cliente_id = pc.id
     WHERE pc.usuario_id = $1::uuid ORDER BY pc.data_compra DESC, pc.criado_em DESC, pc.id`,
    [u.id],
  ),
);
// beneficio.service.ts: the definitions (cached by the API), then the member's redemptions and stock.
authenticated(
  '/api/beneficio',
  async (u) => {
    const defs = await rows(
      `SELECT b.*, COALESCE((SELECT json_agg(o ORDER BY o.ordem, o.id) FROM beneficio_opcao o WHERE o.beneficio_id = b.id), '[]') AS opcoes
       FROM beneficio b WHERE b.ativo AND $1::"TipoUsuario" = ANY(b.publico) ORDER BY b.ordem, b.id`,
      [u.tipo],
    );
    const [member] = await rows(
      `SELECT
        (SELECT COALESCE(json_agg(x), '[]') FROM (
          SELECT r.id, r.beneficio_id, r.criado_em, c.codigo, c.usado_em, o.id AS opcao_id, o.nome AS opcao_nome, o.data AS opcao_data, b.nome, b.evento, b.url_beneficio
          FROM resgate r JOIN cupom c ON c.id = r.cupom_id JOIN beneficio b ON b.id = r.beneficio_id LEFT JOIN beneficio_opcao o ON o.id = r.opcao_id
          WHERE r.usuario_id = $1 ORDER BY r.id DESC) x) AS resgates,
        ARRAY(SELECT beneficio_id::text || ':' || opcao_id FROM cupom_estoque WHERE beneficio_id = ANY($2::int[]) GROUP BY beneficio_id, opcao_id HAVING SUM(livres) > 0) AS livres`,
      [u.id, defs.map((b) => b.id)],
    );
    return { saldo: u.saldo, defs, membro: member };
  },
  AUTH_BALANCE,
);
// indicacao.service.ts: confirm what is due, then the list and the balance.
authenticated(
  '/api/indicacao',
  (u) =>
    rows(
      `SELECT i.status::text AS status, ind.email, i.criada_em, i.confirmada_em, l.valor
       FROM indicacao i LEFT JOIN usuario ind ON ind.id = i.indicado_id LEFT JOIN lancamento l ON l.indicacao_id = i.id
       WHERE i.indicador_id = $1::uuid ORDER BY COALESCE(i.confirmada_em, i.criada_em) DESC, i.id`,
      [u.id],
    ),
  AUTH_BALANCE,
);
authenticated('/api/indicacao/codigo', (u) => ({ url: `http://localhost/?r=${u.hash}`, codigo: u.hash }));
// recomendacao.service.ts
authenticated('/api/bannersite/recomendacao', (u) =>
  rows(
    `WITH meus AS (SELECT DISTINCT pc.produto_id, p.subcategoria FROM produto_cliente pc JOIN produto p ON p.id = pc.produto_id WHERE pc.usuario_id = $1::uuid),
     por_linha AS (SELECT DISTINCT ON (p.subcategoria) p.id, p.nome, p.img, p.categoria, p.subcategoria, p.numeros_atribuidos FROM produto p
                   WHERE p.ativo AND NOT EXISTS (SELECT 1 FROM meus m WHERE m.produto_id = p.id) ORDER BY p.subcategoria, p.numeros_atribuidos DESC, p.id)
     SELECT nome, img FROM por_linha l ORDER BY (l.categoria = ANY($2::text[])) DESC, (l.subcategoria IN (SELECT subcategoria FROM meus)) ASC, l.numeros_atribuidos DESC, l.id LIMIT 6`,
    [u.id, ['Camping', 'Mate']],
  ),
);
// faq.service.ts (public; the API serves it from memory).
app.get('/api/faq', async () => rows('SELECT * FROM faq WHERE ativo ORDER BY categoria, ordem, id'));
// satisfacao.service.ts (public, by hash): the member, the survey, the participation, the page.
app.get('/api/satisfacao', async (req) => {
  const [u] = await rows('SELECT id, nome FROM usuario WHERE hash_pesquisa_satisfacao = $1 AND excluido_em IS NULL', [req.query.hash]);
  const [p] = await rows("SELECT * FROM pesquisa WHERE tipo = 'satisfacao' AND ativa ORDER BY id DESC LIMIT 1");
  if (!u || !p) return { faseEncerrada: true };
  const [part] = await rows('SELECT * FROM pesquisa_participacao WHERE pesquisa_id = $1 AND usuario_id = $2', [p.id, u.id]);
  const questions = await rows('SELECT * FROM pesquisa_pergunta WHERE pesquisa_id = $1 AND pagina = $2 ORDER BY ordem', [p.id, part?.pagina ?? 1]);
  const options = await rows('SELECT * FROM pesquisa_pergunta_resposta WHERE pergunta_id = ANY($1::int[]) ORDER BY ordem', [questions.map((q) => q.id)]);
  return { u, p, part, perguntas: questions, opcoes: options };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
