import { DELETION_RECENT_LOGIN_MINUTES, MSG_LGPD } from '@legiao/contracts/lgpd';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/api-error';
import { useNotices } from '../../../shared/notices/notice-context';
import { logout } from '../../../shared/session/logout';
import { PasswordField } from '../../../shared/ui/password-field';
import { useDeleteAccount } from '../api/delete-account';
import { Modal } from '../../../shared/ui/modal';

/**
 * 'Excluir minha conta': confirmed with the password (social accounts: a login of the last 15
 * minutes, checked by the server). On success the session is gone: log out locally and go to /.
 */
export function DeleteAccountDialog({ social, onClose }: { social: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { notify } = useNotices();
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    remove.mutate(social ? {} : { senha: password }, {
      onSuccess: async () => {
        // The server already ended every session; logout() also frees the waiting-room place and clears storage.
        await logout();
        queryClient.clear();
        notify({ message: MSG_LGPD.contaExcluida, kind: 'success' });
        void navigate('/', { replace: true });
      },
    });
  }

  return (
    <Modal titulo="Excluir minha conta" onClose={onClose}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <p className="modal__texto">
          Seus dados pessoais serão apagados e você sairá do portal. Compras, cupons e o extrato ficam guardados sem identificar você, como a lei
          exige. Seu e-mail e seu CPF poderão ser usados em um novo cadastro. Esta ação não pode ser desfeita.
        </p>
        {social ? (
          <p className="modal__texto">
            Por segurança, a exclusão de uma conta do Google ou do Facebook só é aceita até {DELETION_RECENT_LOGIN_MINUTES} minutos depois de entrar.
          </p>
        ) : (
          <PasswordField label="Sua senha" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} data-autofocus />
        )}
        {remove.isError ? (
          <p className="field__error" role="alert">
            {errorMessage(remove.error)}
          </p>
        ) : null}
        <div className="modal__acoes">
          <button type="button" className="button button--ghost" onClick={onClose} data-autofocus={social ? true : undefined}>
            Cancelar
          </button>
          <button type="submit" className="button button--perigo" disabled={(!social && !password) || remove.isPending}>
            {remove.isPending ? 'Excluindo...' : 'Excluir conta'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
