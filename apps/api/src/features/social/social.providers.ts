import { createHmac } from 'node:crypto';
import { emailSchema, type SocialProviderId } from '@legiao/contracts';
import type { Config } from '../../config.js';

/** Who the provider says the token belongs to. The e-mail is one the provider verified. */
export interface SocialIdentity {
  providerUserId: string;
  email: string;
  nome: string;
}

/**
 * One identity provider. `verify` asks the provider itself about the token (never trusts what the
 * browser says) and checks the token was issued to OUR app, so a token some other site obtained
 * from the same person can't be replayed here. docs/decisions/0010-social-login.md
 */
export interface SocialProvider {
  readonly id: SocialProviderId;
  verify(token: string): Promise<SocialIdentity>;
}

export type SocialProviders = Partial<Record<SocialProviderId, SocialProvider>>;

export type RefusalReason = 'token' | 'audiencia' | 'email_nao_verificado' | 'sem_email';

/** The provider refused the token, or it is not one we may accept. */
export class SocialTokenRefused extends Error {
  constructor(readonly reason: RefusalReason, detail?: string) {
    super(detail ? `${reason}: ${detail}` : reason);
  }
}

/** The provider could not be asked (network, timeout, 5xx). */
export class SocialUnavailable extends Error {}

type Json = Record<string, unknown>;

async function getJson(url: string, timeoutMs: number, headers: Record<string, string> = {}): Promise<Json> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json', ...headers }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    throw new SocialUnavailable(String(err));
  }
  if (res.status >= 500) throw new SocialUnavailable(`status ${res.status}`);
  const body = (await res.json().catch(() => null)) as Json | null;
  if (res.status >= 400) throw new SocialTokenRefused('token', `status ${res.status}`);
  if (!body || typeof body !== 'object') throw new SocialUnavailable('resposta inválida');
  return body;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

function normaliseEmail(raw: unknown): string {
  const parsed = emailSchema.safeParse(raw);
  if (!parsed.success) throw new SocialTokenRefused('sem_email');
  return parsed.data;
}

/** A display name the account can keep: the provider's, else the e-mail's local part. */
function nameFrom(candidates: unknown[], email: string): string {
  const name = candidates.map(str).find((s) => s.length >= 2) ?? email.split('@')[0]!;
  return name.slice(0, 120).padEnd(2, '.');
}

/** A Google ID token is a JWT; an access token is opaque. */
const looksLikeJwt = (token: string) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);

export class GoogleProvider implements SocialProvider {
  readonly id = 'google' as const;
  constructor(private readonly opts: { clientId: string; userinfoUrl: string; tokeninfoUrl: string; timeoutMs: number }) {}

  async verify(token: string): Promise<SocialIdentity> {
    const { clientId, userinfoUrl, tokeninfoUrl, timeoutMs } = this.opts;
    if (looksLikeJwt(token)) {
      // An ID token: tokeninfo checks its signature and expiry and returns its claims.
      const claims = await getJson(`${tokeninfoUrl}?id_token=${encodeURIComponent(token)}`, timeoutMs);
      if (str(claims.aud) !== clientId) throw new SocialTokenRefused('audiencia');
      return this.identity(claims);
    }
    // An access token: tokeninfo says which client it was issued to; userinfo says who it is.
    const info = await getJson(`${tokeninfoUrl}?access_token=${encodeURIComponent(token)}`, timeoutMs);
    if (str(info.aud) !== clientId && str(info.azp) !== clientId) throw new SocialTokenRefused('audiencia');
    const user = await getJson(userinfoUrl, timeoutMs, { authorization: `Bearer ${token}` });
    if (str(info.sub) && str(user.sub) !== str(info.sub)) throw new SocialTokenRefused('token', 'sub difere');
    return this.identity(user);
  }

  private identity(claims: Json): SocialIdentity {
    const sub = str(claims.sub);
    if (!sub) throw new SocialTokenRefused('token', 'sem sub');
    if (!claims.email) throw new SocialTokenRefused('sem_email');
    if (claims.email_verified !== true && claims.email_verified !== 'true') throw new SocialTokenRefused('email_nao_verificado');
    const email = normaliseEmail(claims.email);
    return { providerUserId: sub, email, nome: nameFrom([claims.name, claims.given_name], email) };
  }
}

export class FacebookProvider implements SocialProvider {
  readonly id = 'facebook' as const;
  constructor(private readonly opts: { appId: string; appSecret: string; graphUrl: string; timeoutMs: number }) {}

  async verify(token: string): Promise<SocialIdentity> {
    const { appId, appSecret, graphUrl, timeoutMs } = this.opts;
    // debug_token, asked with our app token, tells whether the user token is valid and for which app.
    const debug = await getJson(`${graphUrl}/debug_token?input_token=${encodeURIComponent(token)}&access_token=${encodeURIComponent(`${appId}|${appSecret}`)}`, timeoutMs);
    const data = (debug.data ?? {}) as Json;
    if (data.is_valid !== true) throw new SocialTokenRefused('token', 'is_valid false');
    if (str(data.app_id) !== appId) throw new SocialTokenRefused('audiencia');
    // Graph 'me' at v19.0 with the spec's fields; appsecret_proof proves the call comes from us.
    const proof = createHmac('sha256', appSecret).update(token).digest('hex');
    const me = await getJson(`${graphUrl}/me?fields=name,email,picture&access_token=${encodeURIComponent(token)}&appsecret_proof=${proof}`, timeoutMs);
    const id = str(me.id);
    if (!id || (str(data.user_id) && id !== str(data.user_id))) throw new SocialTokenRefused('token', 'id difere');
    // Facebook only returns an address the person confirmed with it; none means none to trust.
    if (!me.email) throw new SocialTokenRefused('sem_email');
    const email = normaliseEmail(me.email);
    return { providerUserId: id, email, nome: nameFrom([me.name], email) };
  }
}

/** The real providers, for those whose ids are configured (a provider without them is off). */
export function createSocialProviders(config: Config['social']): SocialProviders {
  const providers: SocialProviders = {};
  if (config.google) providers.google = new GoogleProvider({ ...config.google, timeoutMs: config.timeoutMs });
  if (config.facebook) providers.facebook = new FacebookProvider({ ...config.facebook, timeoutMs: config.timeoutMs });
  return providers;
}
