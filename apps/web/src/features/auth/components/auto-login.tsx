import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { decodeBase64 } from '../../../shared/lib/encoding';
import { Loader } from '../../../shared/ui/loader';
import { isWaitingRoomTicketRejection } from '../../fila/lib/waiting-room-errors';
import { useLoginByWill } from '../api/login-by-will';

interface AutoLoginProps {
  hash: string;
  /** The mobile number in base64 (the link's `code`). */
  code: string;
  ticket?: string;
  onTicketRejected: () => void;
}

/**
 * Automatic login from a link with `hash` and `code` (spec 000 section 2), once the waiting room
 * has let the browser in. Any failure goes to /login without the query (spec 000 section 8).
 */
export function AutoLogin({ hash, code, ticket, onTicketRejected }: AutoLoginProps) {
  const navigate = useNavigate();
  const { mutate } = useLoginByWill();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fallBack = () => void navigate('/login', { replace: true });
    const phone = decodeBase64(code);
    if (!phone) {
      fallBack();
      return;
    }
    mutate(
      { celular: phone, hash, ticket },
      {
        onSuccess: () => void navigate('/home', { replace: true }),
        onError: (error) => {
          console.warn('Login automático falhou.', error);
          if (isWaitingRoomTicketRejection(error)) onTicketRejected();
          fallBack();
        },
      },
    );
  }, [code, hash, ticket, mutate, navigate, onTicketRejected]);

  return <Loader label="Entrando..." />;
}
