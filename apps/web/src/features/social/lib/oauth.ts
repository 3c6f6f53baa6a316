import type { SocialConfig, SocialProviderId } from '@legiao/contracts/social';

/**
 * The providers' OAuth implicit flow: the button sends the browser to the provider's consent
 * screen with a random `state`; the provider sends it back to the landing page with the access
 * token in the URL fragment, which never reaches any server log. docs/decisions/0010-social-login.md
 */
const PENDING_KEY = 'legiao.socialLogin';
/** A consent screen left open longer than this is not a login we started. */
const PENDING_TTL_MS = 10 * 60_000;

export interface PendingLogin {
  state: string;
  provider: SocialProviderId;
  /** The waiting room's admission ticket, when the login started on the login page. */
  ticket?: string;
  at: number;
}

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function newState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function savePendingLogin(pending: Omit<PendingLogin, 'at'>) {
  session()?.setItem(PENDING_KEY, JSON.stringify({ ...pending, at: Date.now() }));
}

/** The login this tab started, once: it is removed as it is read. */
export function takePendingLogin(): PendingLogin | null {
  const s = session();
  const raw = s?.getItem(PENDING_KEY);
  s?.removeItem(PENDING_KEY);
  if (!raw) return null;
  try {
    const p = JSON.parse(raw) as PendingLogin;
    if (typeof p.state !== 'string' || (p.provider !== 'google' && p.provider !== 'facebook') || Date.now() - p.at > PENDING_TTL_MS) return null;
    return p;
  } catch {
    return null;
  }
}

/** Leaving for the provider's consent screen (an object, so tests can watch it). */
export const browser = {
  assign: (url: string) => window.location.assign(url),
};

/** Where the provider returns to: the landing page (spec 001 section 2.2). */
export const redirectUri = () => `${window.location.origin}/`;

export function authorizeUrl(provider: SocialProviderId, config: SocialConfig, state: string): string | null {
  if (provider === 'google' && config.google) {
    const url = new URL(config.google.authUrl);
    url.search = new URLSearchParams({
      client_id: config.google.clientId,
      redirect_uri: redirectUri(),
      response_type: 'token',
      scope: 'openid email profile',
      include_granted_scopes: 'true',
      prompt: 'select_account',
      state,
    }).toString();
    return url.toString();
  }
  if (provider === 'facebook' && config.facebook) {
    const url = new URL(config.facebook.authUrl);
    url.search = new URLSearchParams({
      client_id: config.facebook.appId,
      redirect_uri: redirectUri(),
      response_type: 'token',
      scope: 'email,public_profile',
      state,
    }).toString();
    return url.toString();
  }
  return null;
}

export interface FragmentToken {
  token: string;
  state: string | null;
}

/** access_token, id_token or long_lived_token in the fragment (spec 001 section 2.2), with its state. */
export function readFragmentToken(hash: string): FragmentToken | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('access_token') || params.get('id_token') || params.get('long_lived_token');
  if (!token) return null;
  return { token, state: params.get('state') };
}
