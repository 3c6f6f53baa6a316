import { useNavigate, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { bannerPrincipalInputSchema, type BannerPrincipalAdmin } from '@legiao/contracts/admin/banners';
import { PERFIS } from '@legiao/contracts/usuario';
import { CheckboxInput, EmptyState, FormActions, LoadingState, notifyError, notifySuccess, PageHeader, SelectInput, TextInput } from '../../ui';
import { validarComContrato } from '../../ordenacao/erros-do-contrato';
import { bannersQueryKey, criarPrincipal, editarPrincipal, useBannersQuery } from '../api/banners-api';
import { CampoImagem } from './campo-imagem';
import { PERFIL_ROTULO } from './rotulos';

interface Valores {
  nome: string;
  perfil: string;
  publico: 'todos' | 'leads' | 'membros';
  urlImagemDesktop: string;
  urlImagemMobile: string;
  textoAlternativo: string;
  ativo: boolean;
}
const CAMPOS = ['nome', 'perfil', 'lead', 'urlImagemDesktop', 'urlImagemMobile', 'textoAlternativo', 'ativo'] as const;

/** /admin/banners/principais/novo and /:id: one hero image of the home. */
export function BannerPrincipalForm() {
  const { id } = useParams();
  const q = useBannersQuery();
  const atual = id ? q.data?.principais.find((b) => b.id === Number(id)) : undefined;
  if (id && q.isPending) return <LoadingState />;
  if (id && !atual) return <EmptyState title="Banner não encontrado" message="Ele pode ter sido removido." />;
  return <Formulario key={atual?.id ?? 'novo'} atual={atual} />;
}

function Formulario({ atual }: { atual: BannerPrincipalAdmin | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<Valores>({
    defaultValues: {
      nome: atual?.nome ?? '',
      perfil: atual?.perfil ?? 'geral',
      publico: atual?.lead === true ? 'leads' : atual?.lead === false ? 'membros' : 'todos',
      urlImagemDesktop: atual?.urlImagemDesktop ?? '',
      urlImagemMobile: atual?.urlImagemMobile ?? '',
      textoAlternativo: atual?.textoAlternativo ?? '',
      ativo: atual?.ativo ?? true,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const erro = (c: string) => (errors as Record<string, { message?: string } | undefined>)[c === 'lead' ? 'publico' : c];

  const salvar = form.handleSubmit(async (v) => {
    const { publico, ...resto } = v;
    const body = validarComContrato(bannerPrincipalInputSchema, { ...resto, lead: publico === 'todos' ? null : publico === 'leads' }, form.setError, CAMPOS);
    if (!body) return;
    try {
      if (atual) await editarPrincipal(atual.id, body);
      else await criarPrincipal(body);
      await queryClient.invalidateQueries({ queryKey: bannersQueryKey });
      notifySuccess(atual ? 'Imagem atualizada.' : 'Imagem criada.');
      void navigate('/admin/banners');
    } catch (e) {
      notifyError(e);
    }
  });

  return (
    <>
      <PageHeader title={atual ? `Editar: ${atual.nome}` : 'Nova imagem do banner principal'} description="A home mostra a do perfil do membro e do seu público; a de perfil geral e público “todos” vale para quem não tiver uma própria." />
      <form className="admin-form banner-form form-conteudo" onSubmit={(e) => {
          form.clearErrors();
          void salvar(e);
        }}
        noValidate
        aria-label="Banner principal">
        <div className="admin-form__linha">
          <TextInput label="Nome interno" error={erro('nome')} {...form.register('nome')} />
          <SelectInput label="Perfil" options={PERFIS.map((p) => ({ value: p, label: PERFIL_ROTULO[p] ?? p }))} error={erro('perfil')} {...form.register('perfil')} />
          <SelectInput
            label="Público"
            options={[
              { value: 'todos', label: 'Todos' },
              { value: 'membros', label: 'Só legionários e colaboradores' },
              { value: 'leads', label: 'Só leads' },
            ]}
            error={erro('lead')}
            {...form.register('publico')}
          />
        </div>
        <div className="admin-form__linha">
          <CampoImagem uso="banner-desktop" label="Imagem (computador)" value={form.watch('urlImagemDesktop')} onChange={(v) => form.setValue('urlImagemDesktop', v, { shouldDirty: true })} error={erro('urlImagemDesktop')?.message} />
          <CampoImagem uso="banner-mobile" label="Imagem (celular)" value={form.watch('urlImagemMobile')} onChange={(v) => form.setValue('urlImagemMobile', v, { shouldDirty: true })} error={erro('urlImagemMobile')?.message} />
        </div>
        <TextInput label="Texto alternativo" hint="O que a imagem mostra, para quem não a vê" error={erro('textoAlternativo')} {...form.register('textoAlternativo')} />
        <CheckboxInput label="Ativo" {...form.register('ativo')} />
        {errors.root?.message && (
          <p className="admin-campo__erro" role="alert">
            {errors.root.message}
          </p>
        )}
        <FormActions busy={isSubmitting} submitLabel={atual ? 'Salvar imagem' : 'Criar imagem'} onCancel={() => void navigate('/admin/banners')} />
      </form>
    </>
  );
}
