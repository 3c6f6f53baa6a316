import { useFormContext } from 'react-hook-form';
import { NewPasswordFields } from '../../../shared/ui/new-password-fields';
import { passwordReady } from '../../../shared/ui/password-checklist';
import type { SignupFormValues } from './signup-form';

export function PasswordStep() {
  const { register, watch } = useFormContext<SignupFormValues>();
  const password = watch('senha');
  const passwordConfirmation = watch('confirmacaoSenha');
  return (
    <>
      <p className="form__intro">Crie uma senha segura.</p>
      <NewPasswordFields
        password={password}
        confirmation={passwordConfirmation}
        passwordLabel="Senha"
        confirmationLabel="Confirme sua senha"
        registerPassword={register('senha')}
        registerConfirmation={register('confirmacaoSenha')}
      />
      <button type="submit" className="button button--block" disabled={!passwordReady(password, passwordConfirmation)}>
        AVANÇAR
      </button>
    </>
  );
}
