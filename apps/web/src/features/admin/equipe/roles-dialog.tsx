import { useState } from 'react';
import { STAFF_ROLES, STAFF_ROLE_LABELS, ROLE_PERMISSIONS, type StaffRole } from '@legiao/contracts/admin/roles';
import { staffRolesBodySchema } from '@legiao/contracts/admin/equipe';
import { Modal } from '../../../shared/ui/modal';
import { CheckboxInput, FormActions, TextInput, notifyError, notifySuccess, useAdminForm } from '../ui/index';
import { useSetRoles } from './equipe-api';

const DESCRIPTION: Record<StaffRole, string> = {
  admin: 'Tudo, inclusive dar e tirar papéis.',
  marketing: 'Conteúdo e campanhas: benefícios, banners, FAQ, catálogo, pesquisas.',
  atendimento: 'Membros; campanhas só para consulta.',
  operacao: 'Sala de espera e importações.',
  integracoes: 'Integrações da loja: clientes da API e chaves; nada mais do back office.',
};

/** Gives roles to an account (by e-mail) or changes the roles of someone listed. */
export function RolesDialog({ email, papeis: roles, onClose }: { email?: string; papeis?: StaffRole[]; onClose: () => void }) {
  const set = useSetRoles();
  const form = useAdminForm(staffRolesBodySchema, { email: email ?? '', papeis: roles ?? [] });
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (body) => {
    setError(null);
    try {
      const member = await set.mutateAsync(body);
      notifySuccess(member.papeis.length ? `Papéis de ${member.nome} salvos.` : `${member.nome} não tem mais papéis no back office.`);
      onClose();
    } catch (err) {
      notifyError(err);
      setError(err instanceof Error ? err.message : null);
    }
  });
  return (
    <Modal titulo={email ? 'Editar papéis' : 'Dar papel a alguém'} onClose={onClose}>
      <form className="admin-form equipe-dialogo" onSubmit={(e) => void submit(e)} noValidate>
        <TextInput
          label="E-mail da conta"
          type="email"
          autoComplete="off"
          readOnly={Boolean(email)}
          hint={email ? undefined : 'A pessoa precisa ter uma conta no portal.'}
          error={form.formState.errors.email}
          {...form.register('email')}
          data-autofocus={email ? undefined : true}
        />
        <fieldset>
          <legend>Papéis</legend>
          {STAFF_ROLES.map((role) => (
            <CheckboxInput key={role} label={STAFF_ROLE_LABELS[role]} hint={`${DESCRIPTION[role]} (${ROLE_PERMISSIONS[role].length} permissões)`} value={role} {...form.register('papeis')} />
          ))}
        </fieldset>
        {error && (
          <p className="admin-campo__erro" role="alert">
            {error}
          </p>
        )}
        <FormActions busy={set.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}
