import { useNavigate, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { CATALOGO_CONSTANTES, produtoAdminInputSchema, type ProdutoAdmin } from '@legiao/contracts/admin/catalogo';
import { errorMessage } from '../../../../shared/api/api-error';
import { CheckboxInput, ErrorState, FormActions, LoadingState, notifyError, notifySuccess, PageHeader, SelectInput, TextArea, TextInput } from '../../ui';
import { validarComContrato } from '../../ordenacao/erros-do-contrato';
import { CampoImagem } from '../../banners/components/campo-imagem';
import { catalogoQueryKey, criarProduto, editarProduto, useOpcoesQuery, useProdutoQuery } from '../api/catalogo-api';
import { NumerosLegiao } from './numeros-legiao';

interface Valores {
  sku: string;
  nome: string;
  categoria: string;
  subcategoria: string;
  img: string;
  imgAlternativa: string;
  imagem3: string;
  imagem4: string;
  descricaoDetalhe: string;
  tempoQuente: string;
  tempoGelado: string;
  tempoComGelo: string;
  moldura: string;
  ativo: boolean;
}
const CAMPOS = ['sku', 'nome', 'categoria', 'subcategoria', 'img', 'imgAlternativa', 'imagem3', 'imagem4', 'descricaoDetalhe', 'tempoQuente', 'tempoGelado', 'tempoComGelo', 'moldura', 'ativo'] as const;
const horas = (v: string) => (v.trim() === '' ? null : /^\d+$/.test(v.trim()) ? Number(v) : Number.NaN);

/** /admin/catalogo/novo and /admin/catalogo/:id. */
export function ProdutoForm() {
  const { id } = useParams();
  const q = useProdutoQuery(id ? Number(id) : null);
  if (id && q.isPending) return <LoadingState />;
  if (id && q.isError) return <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} />;
  return <Formulario key={q.data?.id ?? 'novo'} atual={id ? q.data : undefined} />;
}

function Formulario({ atual }: { atual: ProdutoAdmin | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const opcoes = useOpcoesQuery();
  const form = useForm<Valores>({
    defaultValues: {
      sku: atual?.sku ?? '',
      nome: atual?.nome ?? '',
      categoria: atual?.categoria ?? CATALOGO_CONSTANTES.CATEGORIAS[0],
      subcategoria: atual?.subcategoria ?? '',
      img: atual?.img ?? '',
      imgAlternativa: atual?.imgAlternativa ?? '',
      imagem3: atual?.imagem3 ?? '',
      imagem4: atual?.imagem4 ?? '',
      descricaoDetalhe: atual?.descricaoDetalhe ?? '',
      tempoQuente: atual?.tempoQuente?.toString() ?? '',
      tempoGelado: atual?.tempoGelado?.toString() ?? '',
      tempoComGelo: atual?.tempoComGelo?.toString() ?? '',
      moldura: atual?.moldura ?? '',
      ativo: atual?.ativo ?? true,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const erro = (c: keyof Valores) => errors[c];
  const categoria = form.watch('categoria');
  const linhas = opcoes.data?.categorias.find((c) => c.categoria === categoria)?.subcategorias ?? [];

  const salvar = form.handleSubmit(async (v) => {
    const body = validarComContrato(
      produtoAdminInputSchema,
      { ...v, tempoQuente: horas(v.tempoQuente), tempoGelado: horas(v.tempoGelado), tempoComGelo: horas(v.tempoComGelo), moldura: v.moldura || null },
      form.setError,
      CAMPOS,
    );
    if (!body) return;
    try {
      const p = atual ? await editarProduto(atual.id, body) : await criarProduto(body);
      await queryClient.invalidateQueries({ queryKey: catalogoQueryKey });
      notifySuccess(atual ? 'Produto atualizado.' : 'Produto criado.');
      void navigate(`/admin/catalogo/${p.id}`);
    } catch (e) {
      notifyError(e);
    }
  });
  const imagem = (campo: 'img' | 'imgAlternativa' | 'imagem3' | 'imagem4', label: string) => (
    <CampoImagem uso="produto" label={label} value={form.watch(campo)} onChange={(v) => form.setValue(campo, v, { shouldDirty: true })} error={erro(campo)?.message} />
  );

  return (
    <>
      <PageHeader title={atual ? atual.nome : 'Novo produto'} description="O que os membros veem no catálogo e escolhem ao adicionar um produto à coleção." />
      <div className="produto-edicao">
        <form
          className="admin-form produto-form form-conteudo"
          onSubmit={(e) => {
            form.clearErrors();
            void salvar(e);
          }}
          noValidate
          aria-label="Produto"
        >
          <div className="admin-form__linha">
            <TextInput label="SKU" hint="Código da loja: a importação de compras encontra o produto por ele" error={erro('sku')} {...form.register('sku')} />
            <TextInput label="Nome" error={erro('nome')} {...form.register('nome')} />
          </div>
          <div className="admin-form__linha">
            <SelectInput label="Categoria" options={CATALOGO_CONSTANTES.CATEGORIAS.map((c) => ({ value: c, label: c }))} error={erro('categoria')} {...form.register('categoria')} />
            <TextInput label="Linha (subcategoria)" list="produto-linhas" hint="Escolha uma existente ou crie outra" error={erro('subcategoria')} {...form.register('subcategoria')} />
            <datalist id="produto-linhas">
              {linhas.map((l) => (
                <option key={l} value={l} />
              ))}
            </datalist>
            <SelectInput label="Moldura do card" options={[{ value: '', label: 'Sem moldura' }, ...CATALOGO_CONSTANTES.MOLDURAS.map((m) => ({ value: m, label: m }))]} error={erro('moldura')} {...form.register('moldura')} />
          </div>
          <TextArea label="Descrição" rows={4} error={erro('descricaoDetalhe')} {...form.register('descricaoDetalhe')} />
          <div className="admin-form__linha">
            <TextInput label="Horas quente" inputMode="numeric" hint="Vazio: não se aplica" error={erro('tempoQuente')} {...form.register('tempoQuente')} />
            <TextInput label="Horas gelado" inputMode="numeric" error={erro('tempoGelado')} {...form.register('tempoGelado')} />
            <TextInput label="Horas com gelo" inputMode="numeric" error={erro('tempoComGelo')} {...form.register('tempoComGelo')} />
          </div>
          <div className="produto-form__imagens">
            {imagem('img', 'Imagem principal')}
            {imagem('imgAlternativa', 'Outro lado')}
            {imagem('imagem3', 'Detalhe')}
            {imagem('imagem4', 'Em uso')}
          </div>
          <CheckboxInput label="Ativo (aparece no catálogo e na busca; quem já tem continua vendo)" {...form.register('ativo')} />
          {errors.root?.message && (
            <p className="admin-campo__erro" role="alert">
              {errors.root.message}
            </p>
          )}
          <FormActions busy={isSubmitting} submitLabel={atual ? 'Salvar produto' : 'Criar produto'} onCancel={() => void navigate('/admin/catalogo')} />
        </form>
        {atual && <NumerosLegiao produto={atual} total={opcoes.data?.legiaoTotal ?? 1913} />}
      </div>
    </>
  );
}
