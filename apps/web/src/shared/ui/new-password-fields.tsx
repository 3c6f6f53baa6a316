import { MSG } from '@legiao/contracts/messages';
import { fitsPasswordLimit } from '@legiao/contracts/password';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordChecklist } from './password-checklist';
import { PasswordField } from './password-field';

interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  passwordLabel: string;
  confirmationLabel: string;
  registerPassword: UseFormRegisterReturn;
  registerConfirmation: UseFormRegisterReturn;
}

/**
 * A new password, its confirmation (each with show/hide) and the live rule checklist. A password
 * over bcrypt's 72 bytes is told as it is typed, with the contract's message: the submit button is
 * disabled then, so the form's own validation would never get to say why (ADR 0039).
 */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label={props.passwordLabel}
        toggleName={props.passwordLabel.toLowerCase()}
        autoComplete="new-password"
        error={fitsPasswordLimit(props.password) ? undefined : MSG.senhaLonga}
        {...props.registerPassword}
      />
      <PasswordField
        label={props.confirmationLabel}
        toggleName="confirmação de senha"
        autoComplete="new-password"
        {...props.registerConfirmation}
      />
      <PasswordChecklist password={props.password} confirmation={props.confirmation} />
    </>
  );
}
