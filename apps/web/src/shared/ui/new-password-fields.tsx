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

/** A new password, its confirmation (each with show/hide) and the live rule checklist. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        label={props.passwordLabel}
        toggleName={props.passwordLabel.toLowerCase()}
        autoComplete="new-password"
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
