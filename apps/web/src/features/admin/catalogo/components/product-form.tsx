import { useNavigate, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { CATALOGUE_CONSTANTS, productAdminInputSchema, type ProductAdmin } from '@legiao/contracts/admin/catalogo';
import { errorMessage } from '../../../../shared/api/api-error';
import { CheckboxInput, ErrorState, FormActions, LoadingState, notifyError, notifySuccess, PageHeader, SelectInput, TextArea, TextInput } from '../../ui/index';
import { validateWithContract } from '../../ordenacao/contract-errors';
import { ImageField } from '../../banners/components/image-field';
import { catalogueQueryKey, createProduct, editProduct, useOptionsQuery, useProductQuery } from '../api/catalogue-api';
import { LegionNumbers } from './legion-numbers';

interface Values {
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
const FIELDS = ['sku', 'nome', 'categoria', 'subcategoria', 'img', 'imgAlternativa', 'imagem3', 'imagem4', 'descricaoDetalhe', 'tempoQuente', 'tempoGelado', 'tempoComGelo', 'moldura', 'ativo'] as const;
const hours = (v: string) => (v.trim() === '' ? null : /^\d+$/.test(v.trim()) ? Number(v) : Number.NaN);

/** /admin/catalogo/novo and /admin/catalogo/:id. */
export function ProductForm() {
  const { id } = useParams();
  const q = useProductQuery(id ? Number(id) : null);
  if (id && q.isPending) return <LoadingState />;
  if (id && q.isError) return <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} />;
  return <Form key={q.data?.id ?? 'novo'} atual={id ? q.data : undefined} />;
}

function Form({ atual: current }: { atual: ProductAdmin | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const options = useOptionsQuery();
  const form = useForm<Values>({
    defaultValues: {
      sku: current?.sku ?? '',
      nome: current?.nome ?? '',
      categoria: current?.categoria ?? CATALOGUE_CONSTANTS.CATEGORIAS[0],
      subcategoria: current?.subcategoria ?? '',
      img: current?.img ?? '',
      imgAlternativa: current?.imgAlternativa ?? '',
      imagem3: current?.imagem3 ?? '',
      imagem4: current?.imagem4 ?? '',
      descricaoDetalhe: current?.descricaoDetalhe ?? '',
      tempoQuente: current?.tempoQuente?.toString() ?? '',
      tempoGelado: current?.tempoGelado?.toString() ?? '',
      tempoComGelo: current?.tempoComGelo?.toString() ?? '',
      moldura: current?.moldura ?? '',
      ativo: current?.ativo ?? true,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const error = (c: keyof Values) => errors[c];
  const category = form.watch('categoria');
  const lines = options.data?.categorias.find((c) => c.categoria === category)?.subcategorias ?? [];

  const save = form.handleSubmit(async (v) => {
    const body = validateWithContract(
      productAdminInputSchema,
      { ...v, tempoQuente: hours(v.tempoQuente), tempoGelado: hours(v.tempoGelado), tempoComGelo: hours(v.tempoComGelo), moldura: v.moldura || null },
      form.setError,
      FIELDS,
    );
    if (!body) return;
    try {
      const p = current ? await editProduct(current.id, body) : await createProduct(body);
      await queryClient.invalidateQueries({ queryKey: catalogueQueryKey });
      notifySuccess(current ? 'Produto atualizado.' : 'Produto criado.');
      void navigate(`/admin/catalogo/${p.id}`);
    } catch (e) {
      notifyError(e);
    }
  });
  const image = (field: 'img' | 'imgAlternativa' | 'imagem3' | 'imagem4', label: string) => (
    <ImageField uso="produto" label={label} value={form.watch(field)} onChange={(v) => form.setValue(field, v, { shouldDirty: true })} error={error(field)?.message} />
  );

  return (
    <>
      <PageHeader title={current ? current.nome : 'Novo produto'} description="O que os membros veem no catálogo e escolhem ao adicionar um produto à coleção." />
      <div className="produto-edicao">
        <form
          className="admin-form produto-form form-conteudo"
          onSubmit={(e) => {
            form.clearErrors();
            void save(e);
          }}
          noValidate
          aria-label="Produto"
        >
          <div className="admin-form__linha">
            <TextInput label="SKU" hint="Código da loja: a importação de compras encontra o produto por ele" error={error('sku')} {...form.register('sku')} />
            <TextInput label="Nome" error={error('nome')} {...form.register('nome')} />
          </div>
          <div className="admin-form__linha">
            <SelectInput label="Categoria" options={CATALOGUE_CONSTANTS.CATEGORIAS.map((c) => ({ value: c, label: c }))} error={error('categoria')} {...form.register('categoria')} />
            <TextInput label="Linha (subcategoria)" list="produto-linhas" hint="Escolha uma existente ou crie outra" error={error('subcategoria')} {...form.register('subcategoria')} />
            <datalist id="produto-linhas">
              {lines.map((l) => (
                <option key={l} value={l} />
              ))}
            </datalist>
            <SelectInput label="Moldura do card" options={[{ value: '', label: 'Sem moldura' }, ...CATALOGUE_CONSTANTS.MOLDURAS.map((m) => ({ value: m, label: m }))]} error={error('moldura')} {...form.register('moldura')} />
          </div>
          <TextArea label="Descrição" rows={4} error={error('descricaoDetalhe')} {...form.register('descricaoDetalhe')} />
          <div className="admin-form__linha">
            <TextInput label="Horas quente" inputMode="numeric" hint="Vazio: não se aplica" error={error('tempoQuente')} {...form.register('tempoQuente')} />
            <TextInput label="Horas gelado" inputMode="numeric" error={error('tempoGelado')} {...form.register('tempoGelado')} />
            <TextInput label="Horas com gelo" inputMode="numeric" error={error('tempoComGelo')} {...form.register('tempoComGelo')} />
          </div>
          <div className="produto-form__imagens">
            {image('img', 'Imagem principal')}
            {image('imgAlternativa', 'Outro lado')}
            {image('imagem3', 'Detalhe')}
            {image('imagem4', 'Em uso')}
          </div>
          <CheckboxInput label="Ativo (aparece no catálogo e na busca; quem já tem continua vendo)" {...form.register('ativo')} />
          {errors.root?.message && (
            <p className="admin-campo__erro" role="alert">
              {errors.root.message}
            </p>
          )}
          <FormActions busy={isSubmitting} submitLabel={current ? 'Salvar produto' : 'Criar produto'} onCancel={() => void navigate('/admin/catalogo')} />
        </form>
        {current && <LegionNumbers produto={current} total={options.data?.legiaoTotal ?? 1913} />}
      </div>
    </>
  );
}
