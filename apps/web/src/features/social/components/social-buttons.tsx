import type { SocialProviderId } from '@legiao/contracts/social';
import { useSocialConfig } from '../api/get-social-config';
import { authorizeUrl, browser, newState, savePendingLogin } from '../lib/oauth';
import '../social.css';

interface SocialButtonsProps {
  /** The waiting room's admission ticket (login page): kept for the call after the provider returns. */
  ticket?: string;
  /** Side by side from 560px (the landing page's hero); stacked otherwise. */
  layout?: 'stack' | 'row';
}

/**
 * 'Entrar com Google' and 'Entrar com Facebook' (spec 001 section 2.12). Only the providers the
 * server has ids for are shown; with none, nothing is.
 */
export function SocialButtons({ ticket, layout = 'stack' }: SocialButtonsProps) {
  const { data: config } = useSocialConfig();
  if (!config || (!config.google && !config.facebook)) return null;

  function start(provider: SocialProviderId) {
    if (!config) return;
    const state = newState();
    const url = authorizeUrl(provider, config, state);
    if (!url) return;
    savePendingLogin({ state, provider, ticket });
    browser.assign(url);
  }

  return (
    <div className="social-login">
      <p className="social-login__divider">
        <span>ou entre com</span>
      </p>
      <div className={layout === 'row' ? 'social-login__buttons social-login__buttons--row' : 'social-login__buttons'}>
        {config.google ? (
          <button type="button" className="social-button social-button--google" onClick={() => start('google')}>
            <GoogleIcon />
            Entrar com Google
          </button>
        ) : null}
        {config.facebook ? (
          <button type="button" className="social-button social-button--facebook" onClick={() => start('facebook')}>
            <FacebookIcon />
            Entrar com Facebook
          </button>
        ) : null}
      </div>
    </div>
  );
}

function GoogleIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.7c4.3-4 6.9-9.9 6.9-17.1z" />
      <path fill="#FBBC05" d="M10.6 28.6A14.6 14.6 0 0 1 9.5 24c0-1.6.3-3.2.8-4.6l-7.9-6.1A24 24 0 0 0 0 24c0 3.9.9 7.5 2.7 10.7l7.9-6.1z" />
      <path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.7c-2.2 1.5-5 2.3-8.5 2.3-6.2 0-11.5-4.2-13.4-9.9l-7.9 6.1C6.6 42.6 14.6 48 24 48z" />
    </svg>
  );
}

function FacebookIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v2.9h-1.5c-1.5 0-2 .9-2 1.9V12h3.3l-.5 3.5h-2.8v8.4A12 12 0 0 0 24 12z" />
    </svg>
  );
}
