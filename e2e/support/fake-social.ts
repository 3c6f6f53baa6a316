import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_GOOGLE_CLIENT_ID = 'legiao-e2e.apps.googleusercontent.com';
export const FAKE_FACEBOOK_APP_ID = '1913000000001';
const FAKE_FACEBOOK_APP_SECRET = 'segredo-e2e';

interface Identity {
  provider: 'google' | 'facebook';
  sub: string;
  email: string;
  nome: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Google and Facebook as the browser and the API meet them, on a local port: each provider's
 * consent screen (an account chooser where the test types the e-mail and name of the person),
 * which sends the browser back with `#access_token=...&state=...` like the real implicit flow, and
 * the APIs the server verifies tokens with (Google tokeninfo + userinfo, Graph v19.0 debug_token + me).
 */
export async function startFakeSocial() {
  const tokens = new Map<string, Identity>();
  const subs = new Map<string, string>(); // provider:email -> the provider's stable user id

  const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  function chooser(res: ServerResponse, provider: Identity['provider'], params: URLSearchParams) {
    const hidden = ['redirect_uri', 'state', 'client_id']
      .map((k) => `<input type="hidden" name="${k}" value="${escape(params.get(k) ?? '')}">`)
      .join('');
    const title = provider === 'google' ? 'Fazer login com o Google (teste)' : 'Entrar com o Facebook (teste)';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="pt-BR"><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<body style="font-family:sans-serif;max-width:420px;margin:2rem auto;padding:0 1rem">
<h1>${title}</h1><form method="get" action="/${provider}/continuar">${hidden}
<p><label>E-mail da conta<br><input name="email" type="email" required style="width:100%"></label></p>
<p><label>Nome<br><input name="nome" style="width:100%"></label></p>
<p><button type="submit">Continuar</button></p></form></body></html>`);
  }

  function issue(provider: Identity['provider'], email: string, name: string) {
    const key = `${provider}:${email.toLowerCase()}`;
    if (!subs.has(key)) subs.set(key, `${Date.now()}${randomBytes(4).toString('hex')}`);
    const token = `${provider === 'google' ? 'ya29' : 'EAAB'}.${randomBytes(18).toString('base64url')}`;
    tokens.set(token, { provider, sub: subs.get(key)!, email, nome: name || 'Pessoa Social' });
    return token;
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const q = url.searchParams;
    const path = url.pathname;

    if (path === '/google/authorize' || path === '/facebook/dialog/oauth') {
      const provider = path.startsWith('/google') ? 'google' : 'facebook';
      const expected = provider === 'google' ? FAKE_GOOGLE_CLIENT_ID : FAKE_FACEBOOK_APP_ID;
      if (q.get('client_id') !== expected || q.get('response_type') !== 'token' || !q.get('redirect_uri')) {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('pedido de autorização inválido');
        return;
      }
      chooser(res, provider, q);
      return;
    }
    if (path === '/google/continuar' || path === '/facebook/continuar') {
      const provider = path.startsWith('/google') ? 'google' : 'facebook';
      const token = issue(provider, q.get('email') ?? '', q.get('nome') ?? '');
      const back = new URL(q.get('redirect_uri')!);
      back.hash = new URLSearchParams({ access_token: token, token_type: 'Bearer', expires_in: '3599', state: q.get('state') ?? '' }).toString();
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }

    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (path === '/google/tokeninfo' || path === '/google/userinfo') {
      const token = q.get('access_token') ?? bearer ?? '';
      const id = tokens.get(token);
      if (!id || id.provider !== 'google') return json(res, path.endsWith('userinfo') ? 401 : 400, { error: 'invalid_token' });
      if (path.endsWith('tokeninfo')) return json(res, 200, { aud: FAKE_GOOGLE_CLIENT_ID, azp: FAKE_GOOGLE_CLIENT_ID, sub: id.sub, email: id.email, email_verified: 'true', expires_in: '3599' });
      return json(res, 200, { sub: id.sub, email: id.email, email_verified: true, name: id.nome, given_name: id.nome.split(' ')[0] });
    }
    if (path === '/facebook/v19.0/debug_token') {
      if (q.get('access_token') !== `${FAKE_FACEBOOK_APP_ID}|${FAKE_FACEBOOK_APP_SECRET}`) return json(res, 400, { error: { message: 'Invalid OAuth access token.', code: 190 } });
      const id = tokens.get(q.get('input_token') ?? '');
      if (!id || id.provider !== 'facebook') return json(res, 200, { data: { is_valid: false } });
      return json(res, 200, { data: { app_id: FAKE_FACEBOOK_APP_ID, is_valid: true, user_id: id.sub } });
    }
    if (path === '/facebook/v19.0/me') {
      const token = q.get('access_token') ?? '';
      const id = tokens.get(token);
      const proof = createHmac('sha256', FAKE_FACEBOOK_APP_SECRET).update(token).digest('hex');
      if (!id || id.provider !== 'facebook' || q.get('appsecret_proof') !== proof) return json(res, 400, { error: { message: 'Invalid OAuth access token.', code: 190 } });
      return json(res, 200, { id: id.sub, name: id.nome, email: id.email, picture: { data: { url: 'https://example.test/p.jpg' } } });
    }
    json(res, 404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    /** What the API needs to use this fake as both providers. */
    apiEnv: {
      GOOGLE_CLIENT_ID: FAKE_GOOGLE_CLIENT_ID,
      GOOGLE_AUTH_URL: `${base}/google/authorize`,
      GOOGLE_USERINFO_URL: `${base}/google/userinfo`,
      GOOGLE_TOKENINFO_URL: `${base}/google/tokeninfo`,
      FACEBOOK_APP_ID: FAKE_FACEBOOK_APP_ID,
      FACEBOOK_APP_SECRET: FAKE_FACEBOOK_APP_SECRET,
      FACEBOOK_AUTH_URL: `${base}/facebook/dialog/oauth`,
      FACEBOOK_GRAPH_URL: `${base}/facebook/v19.0`,
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
