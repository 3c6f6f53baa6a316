import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../ui/index';
import { notifySuccess } from '../../ui/toast';
import { useCreateIntegration } from '../api/create-integration';
import { IntegrationForm } from '../components/integration-form';
import { NewKeyDialog } from '../components/new-key-dialog';

/**
 * /admin/integracoes/nova: name, scopes, limit; then the key, once, in a dialog. The key stays in
 * this page's memory only: closing the dialog goes to the client's page, which never shows it.
 */
export function NewIntegrationPage() {
  const navigate = useNavigate();
  const create = useCreateIntegration();
  const [created, setCreated] = useState<{ id: string; apiKey: string } | null>(null);
  return (
    <>
      <p className="integracoes-voltar">
        <Link to="..">← Integrações</Link>
      </p>
      <PageHeader title="Nova integração" description="A chave aparece uma única vez, logo depois de criar. Tenha onde guardá-la." />
      <IntegrationForm
        submitLabel="Criar integração"
        busy={create.isPending}
        onCancel={() => void navigate('..')}
        onSubmit={async (body) => {
          const answer = await create.mutateAsync(body);
          notifySuccess(`Integração ${answer.cliente.nome} criada.`);
          setCreated({ id: answer.cliente.id, apiKey: answer.chave });
        }}
      />
      {created && (
        <NewKeyDialog
          apiKey={created.apiKey}
          onClose={() => {
            // Forget the key: the mutation's answer holds it too.
            create.reset();
            setCreated(null);
            void navigate(`../${created.id}`, { replace: true });
          }}
        />
      )}
    </>
  );
}
