import { STORAGE } from '@legiao/contracts/storage-keys';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readValue, setPostLoginPath, setToken } from '../../../shared/session/session';
import { isWaitingRoomTicketRejection } from '../../fila/lib/waiting-room-errors';
import { postSocialLogin } from '../api/social-login';
import { readFragmentToken, takePendingLogin } from '../lib/oauth';

/**
 * Finishes a social login when the provider sends the browser back to the landing page with a
 * token in the fragment (spec 001 sections 2.2 and 2.12): the server verifies the token with the
 * provider; success stores the session and goes to /novo-registro, failure stays with no message
 * (only a console warning). A refusal for want of a waiting-room turn goes to /login, where the queue is.
 */
export function useSocialCallback(): { entering: boolean } {
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef(false);
  const [entering, setEntering] = useState(false);

  useEffect(() => {
    if (handled.current) return;
    const fragment = readFragmentToken(location.hash);
    if (!fragment) return;
    handled.current = true;
    // The token must not stay in the address bar or the history.
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    const pending = takePendingLogin();
    if (!pending || !fragment.state || pending.state !== fragment.state) {
      // Not a login this tab started (a link someone else made): ignore it.
      console.warn('Login social ignorado: estado ausente ou diferente.');
      return;
    }
    setEntering(true);
    postSocialLogin({ provider: pending.provider, token: fragment.token, ticket: pending.ticket, hashIndicacao: readValue(STORAGE.hashIndicacao) ?? undefined }).then(
      ({ token }) => {
        // Stored and left in one step: the landing page sends anyone with a token to /home.
        setPostLoginPath('/novo-registro');
        setToken(token.token);
        void navigate('/novo-registro', { replace: true });
      },
      (error: unknown) => {
        console.warn('Login social falhou.', error);
        setEntering(false);
        if (isWaitingRoomTicketRejection(error)) void navigate('/login');
      },
    );
  }, [location.hash, location.pathname, location.search, navigate]);

  return { entering };
}
