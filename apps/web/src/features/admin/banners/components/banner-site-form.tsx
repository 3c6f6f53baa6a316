import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { bannerSiteInputSchema, type BannerSiteAdmin } from '@legiao/contracts/admin/banners';
import { BANNER_REGIONS, type BannerRegion } from '@legiao/contracts/banner';
import { CheckboxInput, EmptyState, FormActions, LoadingState, notifyError, notifySuccess, PageHeader, SelectInput, TextArea, TextInput } from '../../ui';
import { isoToLocal, localToIsoOrEmpty } from '../../ordenacao/datas';
import { validateWithContract } from '../../ordenacao/contract-errors';
import { bannersQueryKey, createSite, editSite, useBannersQuery } from '../api/banners-api';
import { ImageField } from './image-field';
import { REGION_LABEL } from './rotulos';

interface Values {
  nome: string;
  regiao: BannerRegion;
  titulo: string;
  texto: string;
  urlImagem: string;
  urlImagemMobile: string;
  urlLink: string;
  textoBotao: string;
  idBeneficio: string;
  inicio: string;
  fim: string;
  contagemAte: string;
  cidades: string;
  sobre: string;
  cores: string;
  produtos: string;
  ativo: boolean;
}
const FIELDS = ['nome', 'regiao', 'titulo', 'texto', 'urlImagem', 'urlImagemMobile', 'urlLink', 'textoBotao', 'idBeneficio', 'inicio', 'fim', 'contagemAte', 'cidades', 'abas', 'ativo'] as const;

const lines = (s: string) => s.split('\n').map((l) => l.trim()).filter(Boolean);

function valuesOf(b: BannerSiteAdmin | undefined): Values {
  return {
    nome: b?.nomeBannerSite ?? '',
    regiao: b?.bannerRegiao ?? 'exclusivo',
    titulo: b?.titulo ?? '',
    texto: b?.texto ?? '',
    urlImagem: b?.urlImagem ?? '',
    urlImagemMobile: b?.urlImagemMobile ?? '',
    urlLink: b?.urlLink ?? '',
    textoBotao: b?.textoBotao ?? '',
    idBeneficio: b?.idBeneficio ? String(b.idBeneficio) : '',
    inicio: isoToLocal(b?.inicio),
    fim: isoToLocal(b?.fim),
    contagemAte: isoToLocal(b?.contagemAte),
    cidades: (b?.cidades ?? []).join('\n'),
    sobre: b?.abas?.sobre ?? '',
    cores: (b?.abas?.cores ?? []).map((c) => `${c.nome} ${c.hex}`).join('\n'),
    produtos: (b?.abas?.produtos ?? []).map((p) => `${p.nome} | ${p.urlImagem}`).join('\n'),
    ativo: b?.ativo ?? true,
  };
}

/** The form's strings as the contract's body (the contract then checks every rule). */
function toInput(v: Values) {
  return {
    nome: v.nome,
    regiao: v.regiao,
    titulo: v.titulo,
    texto: v.texto,
    urlImagem: v.urlImagem,
    urlImagemMobile: v.urlImagemMobile,
    urlLink: v.urlLink,
    textoBotao: v.textoBotao,
    idBeneficio: v.regiao === 'exclusivo' && v.idBeneficio.trim() ? Number(v.idBeneficio) : null,
    inicio: localToIsoOrEmpty(v.inicio),
    fim: localToIsoOrEmpty(v.fim),
    contagemAte: v.regiao === 'pre-venda' ? localToIsoOrEmpty(v.contagemAte) || null : null,
    cidades: lines(v.cidades),
    abas:
      v.regiao === 'lancamento'
        ? {
            sobre: v.sobre.trim(),
            cores: lines(v.cores).map((l) => {
              const m = /^(.*?)\s+(#[0-9a-fA-F]{3,8})$/.exec(l);
              return m ? { nome: m[1]!.trim(), hex: m[2]! } : { nome: l, hex: '#888888' };
            }),
            produtos: lines(v.produtos).map((l) => {
              const [name = '', url = ''] = l.split('|').map((x) => x.trim());
              return { nome: name, urlImagem: url };
            }),
          }
        : null,
    ativo: v.ativo,
  };
}

/** /admin/banners/site/novo and /admin/banners/site/:id. */
export function BannerSiteForm() {
  const { id } = useParams();
  const q = useBannersQuery();
  const current = id ? q.data?.site.find((b) => b.id === Number(id)) : undefined;
  if (id && q.isPending) return <LoadingState />;
  if (id && !current) return <EmptyState title="Banner não encontrado" message="Ele pode ter sido removido." />;
  return <Form key={current?.id ?? 'novo'} atual={current} />;
}

function Form({ atual: current }: { atual: BannerSiteAdmin | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<Values>({ defaultValues: valuesOf(current) });
  const { errors, isSubmitting } = form.formState;
  const region = form.watch('regiao');
  useEffect(() => form.clearErrors(), [region, form]);

  const save = form.handleSubmit(async (v) => {
    const body = validateWithContract(bannerSiteInputSchema, toInput(v), form.setError, FIELDS);
    if (!body) return;
    try {
      if (current) await editSite(current.id, body);
      else await createSite(body);
      await queryClient.invalidateQueries({ queryKey: bannersQueryKey });
      notifySuccess(current ? 'Banner atualizado.' : 'Banner criado.');
      void navigate('/admin/banners');
    } catch (e) {
      notifyError(e);
    }
  });
  const error = (field: keyof Values | 'abas') => (errors as Record<string, { message?: string } | undefined>)[field];

  return (
    <>
      <PageHeader title={current ? `Editar: ${current.titulo}` : 'Novo banner do site'} description="Janela, cidades e tipo decidem quem vê; o servidor aplica as mesmas regras da home." />
      <form className="admin-form banner-form form-conteudo" onSubmit={(e) => {
          form.clearErrors();
          void save(e);
        }}
        noValidate
        aria-label="Banner do site">
        <div className="admin-form__linha">
          <SelectInput label="Tipo" options={BANNER_REGIONS.map((r) => ({ value: r, label: REGION_LABEL[r] }))} error={error('regiao')} {...form.register('regiao')} />
          <TextInput label="Nome interno" error={error('nome')} {...form.register('nome')} />
        </div>
        <TextInput label="Título" error={error('titulo')} {...form.register('titulo')} />
        <TextArea label="Texto" error={error('texto')} {...form.register('texto')} />
        <div className="admin-form__linha">
          <TextInput label="Início" type="datetime-local" error={error('inicio')} {...form.register('inicio')} />
          <TextInput label="Fim" type="datetime-local" error={error('fim')} {...form.register('fim')} />
          {region === 'pre-venda' && <TextInput label="Contagem regressiva até" type="datetime-local" hint="O botão aparece quando a contagem termina" error={error('contagemAte')} {...form.register('contagemAte')} />}
        </div>
        <TextArea label="Cidades" hint="Uma por linha; vazio = todas. Sem diferença de acento ou maiúsculas." rows={3} error={error('cidades')} {...form.register('cidades')} />
        <div className="admin-form__linha">
          <ImageField uso="banner-desktop" label="Imagem (computador)" value={form.watch('urlImagem')} onChange={(v) => form.setValue('urlImagem', v, { shouldDirty: true })} error={error('urlImagem')?.message} />
          <ImageField uso="banner-mobile" label="Imagem (celular, opcional)" value={form.watch('urlImagemMobile')} onChange={(v) => form.setValue('urlImagemMobile', v, { shouldDirty: true })} error={error('urlImagemMobile')?.message} />
        </div>
        <div className="admin-form__linha">
          {region === 'exclusivo' && <TextInput label="Benefício (id, opcional)" inputMode="numeric" hint="O botão abre este benefício" error={error('idBeneficio')} {...form.register('idBeneficio')} />}
          <TextInput label="Link do botão" placeholder="https://..." error={error('urlLink')} {...form.register('urlLink')} />
          <TextInput label="Texto do botão" error={error('textoBotao')} {...form.register('textoBotao')} />
        </div>
        {region === 'lancamento' && (
          <fieldset className="banner-form__abas">
            <legend>Abas do lançamento</legend>
            <TextArea label="Sobre" error={error('abas')} {...form.register('sobre')} />
            <div className="admin-form__linha">
              <TextArea label="Cores" hint="Uma por linha: Nome #hex (ex.: Aurora #f2a900)" rows={3} {...form.register('cores')} />
              <TextArea label="Produtos" hint="Um por linha: Nome | /endereco/da/imagem.svg" rows={3} {...form.register('produtos')} />
            </div>
          </fieldset>
        )}
        <CheckboxInput label="Ativo (aparece na home dentro da janela)" {...form.register('ativo')} />
        {errors.root?.message && (
          <p className="admin-campo__erro" role="alert">
            {errors.root.message}
          </p>
        )}
        <FormActions busy={isSubmitting} submitLabel={current ? 'Salvar banner' : 'Criar banner'} onCancel={() => void navigate('/admin/banners')} />
      </form>
    </>
  );
}
