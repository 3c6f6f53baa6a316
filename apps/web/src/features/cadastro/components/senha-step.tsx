import { useFormContext } from 'react-hook-form';
import { NewPasswordFields } from '../../../shared/ui/new-password-fields';
import { passwordReady } from '../../../shared/ui/password-checklist';
import type { CadastroFormValues } from './cadastro-form';

export function SenhaStep() {
  const { register, watch } = useFormContext<CadastroFormValues>();
  const senha = watch('senha');
  const confirmacaoSenha = watch('confirmacaoSenha');
  return (
    <>
      <p className="form__intro">Crie uma senha segura.</p>
      <NewPasswordFields
        password={senha}
        confirmation={confirmacaoSenha}
        passwordLabel="Senha"
        confirmationLabel="Confirme sua senha"
        registerPassword={register('senha')}
        registerConfirmation={register('confirmacaoSenha')}
      />
      <button type="submit" className="button button--block" disabled={!passwordReady(senha, confirmacaoSenha)}>
        AVANÇAR
      </button>
    </>
  );
}
