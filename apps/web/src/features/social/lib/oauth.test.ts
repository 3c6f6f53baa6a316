import { afterEach, describe, expect, it, vi } from 'vitest';
import { authorizeUrl, readFragmentToken, savePendingLogin, takePendingLogin } from './oauth';

const config = {
  google: { clientId: 'cid.apps.googleusercontent.com', authUrl: 'https://accounts.google.com/o/oauth2/v2/auth' },
  facebook: { appId: '1913', authUrl: 'https://www.facebook.com/v19.0/dialog/oauth' },
};

afterEach(() => sessionStorage.clear());

describe('social login OAuth helpers', () => {
  it('builds the implicit-flow consent URLs back to the landing page', () => {
    const g = new URL(authorizeUrl('google', config, 'st-1')!);
    expect(`${g.origin}${g.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(g.searchParams)).toMatchObject({
      client_id: 'cid.apps.googleusercontent.com',
      redirect_uri: `${window.location.origin}/`,
      response_type: 'token',
      scope: 'openid email profile',
      state: 'st-1',
    });
    const f = new URL(authorizeUrl('facebook', config, 'st-2')!);
    expect(`${f.origin}${f.pathname}`).toBe('https://www.facebook.com/v19.0/dialog/oauth');
    expect(Object.fromEntries(f.searchParams)).toMatchObject({ client_id: '1913', response_type: 'token', scope: 'email,public_profile', state: 'st-2' });
    expect(authorizeUrl('google', { google: null, facebook: null }, 'x')).toBeNull();
  });

  it('reads access_token, id_token or long_lived_token from the fragment, with the state', () => {
    expect(readFragmentToken('#access_token=ya29.a&token_type=Bearer&state=s1')).toEqual({ token: 'ya29.a', state: 's1' });
    expect(readFragmentToken('#id_token=eyJ.x.y&state=s2')).toEqual({ token: 'eyJ.x.y', state: 's2' });
    expect(readFragmentToken('#long_lived_token=EAAB')).toEqual({ token: 'EAAB', state: null });
    expect(readFragmentToken('#_=_')).toBeNull();
    expect(readFragmentToken('#beneficios')).toBeNull();
    expect(readFragmentToken('')).toBeNull();
  });

  it('gives the pending login back once, and never a stale one', () => {
    savePendingLogin({ state: 's', provider: 'google', ticket: 't' });
    expect(takePendingLogin()).toMatchObject({ state: 's', provider: 'google', ticket: 't' });
    expect(takePendingLogin()).toBeNull();

    vi.useFakeTimers({ now: new Date('2026-01-01T10:00:00Z') });
    savePendingLogin({ state: 's', provider: 'facebook' });
    vi.setSystemTime(new Date('2026-01-01T10:11:00Z'));
    expect(takePendingLogin()).toBeNull();
  });
});
