import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordChecklist } from '../../../shared/ui/password-checklist';
import { PasswordField } from '../../../shared/ui/password-field';

interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  passwordLabel: string;
  confirmationLabel: string;
  registerPassword: UseFormRegisterReturn;
  registerConfirmation: UseFormRegisterReturn;
  confirmationError?: string;
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
        error={props.confirmationError}
        {...props.registerConfirmation}
      />
      <PasswordChecklist password={props.password} confirmation={props.confirmation} />
    </>
  );
}
