import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_GOOGLE_CLIENT_ID = 'legiao-teste.apps.googleusercontent.com';
export const FAKE_FACEBOOK_APP_ID = '1913000000000';
export const FAKE_FACEBOOK_APP_SECRET = 'segredo-do-app-de-teste';

export interface FakeIdentity {
  email?: string;
  nome?: string;
  /** The provider's user id; a new random one unless given (the same person logging in again). */
  sub?: string;
  emailVerified?: boolean;
  /** The client the token was issued to: another app's token must be refused. */
  aud?: string;
  /** Answer 500 for this token (the provider is down). */
  down?: boolean;
}

interface Issued extends Required<Omit<FakeIdentity, 'email' | 'down'>> {
  email?: string;
  down: boolean;
}

/**
 * Google's tokeninfo + userinfo and Facebook's Graph (v19.0) debug_token + me, on a local port.
 * Tests issue tokens for identities they choose; any other token is refused as the real ones are.
 */
export async function startFakeSocial() {
  const tokens = new Map<string, Issued & { provider: 'google' | 'facebook' }>();
  const calls: string[] = [];

  const send = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    calls.push(url.pathname);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const token = url.searchParams.get('access_token') ?? url.searchParams.get('id_token') ?? url.searchParams.get('input_token') ?? bearer ?? '';
    const issued = tokens.get(url.pathname === '/facebook/v19.0/debug_token' ? (url.searchParams.get('input_token') ?? '') : token);

    if (url.pathname.startsWith('/google/')) {
      if (issued?.down) return send(res, 500, { error: 'backend_error' });
      if (!issued || issued.provider !== 'google') return send(res, url.pathname === '/google/userinfo' ? 401 : 400, { error: 'invalid_token', error_description: 'Invalid Value' });
      const claims = { sub: issued.sub, email: issued.email, email_verified: issued.emailVerified, name: issued.nome, given_name: issued.nome.split(' ')[0] };
      if (url.pathname === '/google/tokeninfo') {
        // tokeninfo answers strings, as Google's does.
        return send(res, 200, { azp: issued.aud, aud: issued.aud, sub: issued.sub, email: issued.email, email_verified: String(issued.emailVerified), expires_in: '3599' });
      }
      if (url.pathname === '/google/userinfo') return send(res, 200, claims);
    }

    if (url.pathname.startsWith('/facebook/v19.0/')) {
      if (issued?.down) return send(res, 500, { error: { message: 'An unexpected error has occurred.', code: 2 } });
      if (url.pathname === '/facebook/v19.0/debug_token') {
        if (token !== `${FAKE_FACEBOOK_APP_ID}|${FAKE_FACEBOOK_APP_SECRET}`) return send(res, 400, { error: { message: 'Invalid OAuth access token.', code: 190 } });
        if (!issued || issued.provider !== 'facebook') return send(res, 200, { data: { is_valid: false, error: { code: 190, message: 'Invalid OAuth access token.' } } });
        return send(res, 200, { data: { app_id: issued.aud, type: 'USER', is_valid: true, user_id: issued.sub, scopes: ['email', 'public_profile'] } });
      }
      if (url.pathname === '/facebook/v19.0/me') {
        if (!issued || issued.provider !== 'facebook') return send(res, 400, { error: { message: 'Invalid OAuth access token.', code: 190 } });
        const proof = createHmac('sha256', FAKE_FACEBOOK_APP_SECRET).update(token).digest('hex');
        if (url.searchParams.get('appsecret_proof') !== proof) return send(res, 400, { error: { message: 'Invalid appsecret_proof provided in the API argument', code: 100 } });
        if (url.searchParams.get('fields') !== 'name,email,picture') return send(res, 400, { error: { message: 'unexpected fields' } });
        return send(res, 200, { id: issued.sub, name: issued.nome, ...(issued.email ? { email: issued.email } : {}), picture: { data: { url: 'https://example.test/p.jpg' } } });
      }
    }
    send(res, 404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** API environment pointing both providers here. */
    env: {
      GOOGLE_CLIENT_ID: FAKE_GOOGLE_CLIENT_ID,
      GOOGLE_USERINFO_URL: `${base}/google/userinfo`,
      GOOGLE_TOKENINFO_URL: `${base}/google/tokeninfo`,
      FACEBOOK_APP_ID: FAKE_FACEBOOK_APP_ID,
      FACEBOOK_APP_SECRET: FAKE_FACEBOOK_APP_SECRET,
      FACEBOOK_GRAPH_URL: `${base}/facebook/v19.0`,
    },
    calls,
    /** A valid access token of `provider` for this identity. */
    issue(provider: 'google' | 'facebook', identity: FakeIdentity = {}) {
      const token = `${provider === 'google' ? 'ya29' : 'EAAB'}.${randomBytes(18).toString('base64url')}`;
      tokens.set(token, {
        provider,
        email: 'email' in identity ? identity.email : `${provider}.${randomUUID().slice(0, 12)}@gmail.test`,
        nome: identity.nome ?? 'Pessoa Social',
        sub: identity.sub ?? String(Date.now()) + randomBytes(4).toString('hex'),
        emailVerified: identity.emailVerified ?? true,
        aud: identity.aud ?? (provider === 'google' ? FAKE_GOOGLE_CLIENT_ID : FAKE_FACEBOOK_APP_ID),
        down: identity.down ?? false,
      });
      return token;
    },
    identity(token: string) {
      return tokens.get(token);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
