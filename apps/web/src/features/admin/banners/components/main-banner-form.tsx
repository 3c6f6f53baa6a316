import { useNavigate, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { mainBannerInputSchema, type MainBannerAdmin } from '@legiao/contracts/admin/banners';
import { PROFILES } from '@legiao/contracts/usuario';
import { CheckboxInput, EmptyState, FormActions, LoadingState, notifyError, notifySuccess, PageHeader, SelectInput, TextInput } from '../../ui/index';
import { validateWithContract } from '../../ordenacao/contract-errors';
import { bannersQueryKey, createMain, editMain, useBannersQuery } from '../api/banners-api';
import { ImageField } from './image-field';
import { PROFILE_LABEL } from './rotulos';

interface Values {
  nome: string;
  perfil: string;
  publico: 'todos' | 'leads' | 'membros';
  urlImagemDesktop: string;
  urlImagemMobile: string;
  textoAlternativo: string;
  ativo: boolean;
}
const FIELDS = ['nome', 'perfil', 'lead', 'urlImagemDesktop', 'urlImagemMobile', 'textoAlternativo', 'ativo'] as const;

/** /admin/banners/principais/novo and /:id: one hero image of the home. */
export function MainBannerForm() {
  const { id } = useParams();
  const q = useBannersQuery();
  const current = id ? q.data?.principais.find((b) => b.id === Number(id)) : undefined;
  if (id && q.isPending) return <LoadingState />;
  if (id && !current) return <EmptyState title="Banner não encontrado" message="Ele pode ter sido removido." />;
  return <Form key={current?.id ?? 'novo'} atual={current} />;
}

function Form({ atual: current }: { atual: MainBannerAdmin | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    defaultValues: {
      nome: current?.nome ?? '',
      perfil: current?.perfil ?? 'geral',
      publico: current?.lead === true ? 'leads' : current?.lead === false ? 'membros' : 'todos',
      urlImagemDesktop: current?.urlImagemDesktop ?? '',
      urlImagemMobile: current?.urlImagemMobile ?? '',
      textoAlternativo: current?.textoAlternativo ?? '',
      ativo: current?.ativo ?? true,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const error = (c: string) => (errors as Record<string, { message?: string } | undefined>)[c === 'lead' ? 'publico' : c];

  const save = form.handleSubmit(async (v) => {
    const { publico: audience, ...rest } = v;
    const body = validateWithContract(mainBannerInputSchema, { ...rest, lead: audience === 'todos' ? null : audience === 'leads' }, form.setError, FIELDS);
    if (!body) return;
    try {
      if (current) await editMain(current.id, body);
      else await createMain(body);
      await queryClient.invalidateQueries({ queryKey: bannersQueryKey });
      notifySuccess(current ? 'Imagem atualizada.' : 'Imagem criada.');
      void navigate('/admin/banners');
    } catch (e) {
      notifyError(e);
    }
  });

  return (
    <>
      <PageHeader title={current ? `Editar: ${current.nome}` : 'Nova imagem do banner principal'} description="A home mostra a do perfil do membro e do seu público; a de perfil geral e público “todos” vale para quem não tiver uma própria." />
      <form className="admin-form banner-form form-conteudo" onSubmit={(e) => {
          form.clearErrors();
          void save(e);
        }}
        noValidate
        aria-label="Banner principal">
        <div className="admin-form__linha">
          <TextInput label="Nome interno" error={error('nome')} {...form.register('nome')} />
          <SelectInput label="Perfil" options={PROFILES.map((p) => ({ value: p, label: PROFILE_LABEL[p] ?? p }))} error={error('perfil')} {...form.register('perfil')} />
          <SelectInput
            label="Público"
            options={[
              { value: 'todos', label: 'Todos' },
              { value: 'membros', label: 'Só legionários e colaboradores' },
              { value: 'leads', label: 'Só leads' },
            ]}
            error={error('lead')}
            {...form.register('publico')}
          />
        </div>
        <div className="admin-form__linha">
          <ImageField uso="banner-desktop" label="Imagem (computador)" value={form.watch('urlImagemDesktop')} onChange={(v) => form.setValue('urlImagemDesktop', v, { shouldDirty: true })} error={error('urlImagemDesktop')?.message} />
          <ImageField uso="banner-mobile" label="Imagem (celular)" value={form.watch('urlImagemMobile')} onChange={(v) => form.setValue('urlImagemMobile', v, { shouldDirty: true })} error={error('urlImagemMobile')?.message} />
        </div>
        <TextInput label="Texto alternativo" hint="O que a imagem mostra, para quem não a vê" error={error('textoAlternativo')} {...form.register('textoAlternativo')} />
        <CheckboxInput label="Ativo" {...form.register('ativo')} />
        {errors.root?.message && (
          <p className="admin-campo__erro" role="alert">
            {errors.root.message}
          </p>
        )}
        <FormActions busy={isSubmitting} submitLabel={current ? 'Salvar imagem' : 'Criar imagem'} onCancel={() => void navigate('/admin/banners')} />
      </form>
    </>
  );
}
