import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { bannerSiteInputSchema, type BannerSiteAdmin } from '@legiao/contracts/admin/banners';
import { BANNER_REGIOES, type BannerRegiao } from '@legiao/contracts/banner';
import { CheckboxInput, EmptyState, FormActions, LoadingState, notifyError, notifySuccess, PageHeader, SelectInput, TextArea, TextInput } from '../../ui';
import { isoParaLocal, localParaIsoOuVazio } from '../../ordenacao/datas';
import { validarComContrato } from '../../ordenacao/erros-do-contrato';
import { bannersQueryKey, criarSite, editarSite, useBannersQuery } from '../api/banners-api';
import { CampoImagem } from './campo-imagem';
import { REGIAO_ROTULO } from './rotulos';

interface Valores {
  nome: string;
  regiao: BannerRegiao;
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
const CAMPOS = ['nome', 'regiao', 'titulo', 'texto', 'urlImagem', 'urlImagemMobile', 'urlLink', 'textoBotao', 'idBeneficio', 'inicio', 'fim', 'contagemAte', 'cidades', 'abas', 'ativo'] as const;

const linhas = (s: string) => s.split('\n').map((l) => l.trim()).filter(Boolean);

function valoresDe(b: BannerSiteAdmin | undefined): Valores {
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
    inicio: isoParaLocal(b?.inicio),
    fim: isoParaLocal(b?.fim),
    contagemAte: isoParaLocal(b?.contagemAte),
    cidades: (b?.cidades ?? []).join('\n'),
    sobre: b?.abas?.sobre ?? '',
    cores: (b?.abas?.cores ?? []).map((c) => `${c.nome} ${c.hex}`).join('\n'),
    produtos: (b?.abas?.produtos ?? []).map((p) => `${p.nome} | ${p.urlImagem}`).join('\n'),
    ativo: b?.ativo ?? true,
  };
}

/** The form's strings as the contract's body (the contract then checks every rule). */
function corpo(v: Valores) {
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
    inicio: localParaIsoOuVazio(v.inicio),
    fim: localParaIsoOuVazio(v.fim),
    contagemAte: v.regiao === 'pre-venda' ? localParaIsoOuVazio(v.contagemAte) || null : null,
    cidades: linhas(v.cidades),
    abas:
      v.regiao === 'lancamento'
        ? {
            sobre: v.sobre.trim(),
            cores: linhas(v.cores).map((l) => {
              const m = /^(.*?)\s+(#[0-9a-fA-F]{3,8})$/.exec(l);
              return m ? { nome: m[1]!.trim(), hex: m[2]! } : { nome: l, hex: '#888888' };
            }),
            produtos: linhas(v.produtos).map((l) => {
              const [nome = '', url = ''] = l.split('|').map((x) => x.trim());
              return { nome, urlImagem: url };
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
  const atual = id ? q.data?.site.find((b) => b.id === Number(id)) : undefined;
  if (id && q.isPending) return <LoadingState />;
  if (id && !atual) return <EmptyState title="Banner não encontrado" message="Ele pode ter sido removido." />;
  return <Formulario key={atual?.id ?? 'novo'} atual={atual} />;
}

function Formulario({ atual }: { atual: BannerSiteAdmin | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<Valores>({ defaultValues: valoresDe(atual) });
  const { errors, isSubmitting } = form.formState;
  const regiao = form.watch('regiao');
  useEffect(() => form.clearErrors(), [regiao, form]);

  const salvar = form.handleSubmit(async (v) => {
    const body = validarComContrato(bannerSiteInputSchema, corpo(v), form.setError, CAMPOS);
    if (!body) return;
    try {
      if (atual) await editarSite(atual.id, body);
      else await criarSite(body);
      await queryClient.invalidateQueries({ queryKey: bannersQueryKey });
      notifySuccess(atual ? 'Banner atualizado.' : 'Banner criado.');
      void navigate('/admin/banners');
    } catch (e) {
      notifyError(e);
    }
  });
  const erro = (campo: keyof Valores | 'abas') => (errors as Record<string, { message?: string } | undefined>)[campo];

  return (
    <>
      <PageHeader title={atual ? `Editar: ${atual.titulo}` : 'Novo banner do site'} description="Janela, cidades e tipo decidem quem vê; o servidor aplica as mesmas regras da home." />
      <form className="admin-form banner-form form-conteudo" onSubmit={(e) => {
          form.clearErrors();
          void salvar(e);
        }}
        noValidate
        aria-label="Banner do site">
        <div className="admin-form__linha">
          <SelectInput label="Tipo" options={BANNER_REGIOES.map((r) => ({ value: r, label: REGIAO_ROTULO[r] }))} error={erro('regiao')} {...form.register('regiao')} />
          <TextInput label="Nome interno" error={erro('nome')} {...form.register('nome')} />
        </div>
        <TextInput label="Título" error={erro('titulo')} {...form.register('titulo')} />
        <TextArea label="Texto" error={erro('texto')} {...form.register('texto')} />
        <div className="admin-form__linha">
          <TextInput label="Início" type="datetime-local" error={erro('inicio')} {...form.register('inicio')} />
          <TextInput label="Fim" type="datetime-local" error={erro('fim')} {...form.register('fim')} />
          {regiao === 'pre-venda' && <TextInput label="Contagem regressiva até" type="datetime-local" hint="O botão aparece quando a contagem termina" error={erro('contagemAte')} {...form.register('contagemAte')} />}
        </div>
        <TextArea label="Cidades" hint="Uma por linha; vazio = todas. Sem diferença de acento ou maiúsculas." rows={3} error={erro('cidades')} {...form.register('cidades')} />
        <div className="admin-form__linha">
          <CampoImagem uso="banner-desktop" label="Imagem (computador)" value={form.watch('urlImagem')} onChange={(v) => form.setValue('urlImagem', v, { shouldDirty: true })} error={erro('urlImagem')?.message} />
          <CampoImagem uso="banner-mobile" label="Imagem (celular, opcional)" value={form.watch('urlImagemMobile')} onChange={(v) => form.setValue('urlImagemMobile', v, { shouldDirty: true })} error={erro('urlImagemMobile')?.message} />
        </div>
        <div className="admin-form__linha">
          {regiao === 'exclusivo' && <TextInput label="Benefício (id, opcional)" inputMode="numeric" hint="O botão abre este benefício" error={erro('idBeneficio')} {...form.register('idBeneficio')} />}
          <TextInput label="Link do botão" placeholder="https://..." error={erro('urlLink')} {...form.register('urlLink')} />
          <TextInput label="Texto do botão" error={erro('textoBotao')} {...form.register('textoBotao')} />
        </div>
        {regiao === 'lancamento' && (
          <fieldset className="banner-form__abas">
            <legend>Abas do lançamento</legend>
            <TextArea label="Sobre" error={erro('abas')} {...form.register('sobre')} />
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
        <FormActions busy={isSubmitting} submitLabel={atual ? 'Salvar banner' : 'Criar banner'} onCancel={() => void navigate('/admin/banners')} />
      </form>
    </>
  );
}
