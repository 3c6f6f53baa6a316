import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { BENEFIT_EXPERIENCES, BENEFIT_AUDIENCES, AUDIENCE_LABELS, benefitFormSchema, type BenefitAdmin, type BenefitFormInput } from '@legiao/contracts/admin/beneficios';
import { errorMessage } from '../../../shared/api/api-error';
import { ImagePicker } from '../imagens/image-picker';
import { CheckboxInput, ErrorState, FormActions, LoadingState, PageHeader, SelectInput, TextArea, TextInput, notifyError, notifySuccess, useAdminForm, useStaff } from '../ui/index';
import { createBenefit, updateBenefit, useBenefitMutation, useBenefitQuery } from './benefits-api';
import { BenefitPreview } from './components/benefit-preview';
import { SealStatus } from './components/status';

const NEW: BenefitFormInput = {
  chave: '',
  nome: '',
  tipo: 'baseGeral',
  descricao: '',
  urlImagem: '',
  valor: 0,
  textoLegal: '',
  urlBeneficio: '',
  percentualDesconto: null,
  inicio: null,
  fim: null,
  evento: false,
  dataEvento: null,
  opcoes: [],
  publico: ['legionario', 'lead', 'colaborador'],
  cidades: [],
  limitePorMembro: 1,
  modoCupom: 'gerado',
  prefixoCupom: '',
  estoque: null,
  ordem: 100,
  experiencia: null,
  ativo: true,
};

/** Number inputs: '' is "not set" (null) for optional fields; the contract says what's wrong otherwise. */
const number = { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)) };
const integer = { setValueAs: (v: unknown) => (v === '' ? Number.NaN : Number(v)) };
const msg = (e: unknown) => (e && typeof e === 'object' && 'message' in e ? { message: String((e as { message?: unknown }).message ?? '') } : undefined);

/** /admin/beneficios/novo and /admin/beneficios/{id}. */
export function BenefitEditPage() {
  const { id } = useParams();
  const numericId = id ? Number(id) : undefined;
  const q = useBenefitQuery(numericId ?? 0);
  if (numericId === undefined) return <BenefitForm key="novo" />;
  if (q.isPending) return <LoadingState label="Carregando o benefício..." />;
  if (q.isError) return <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} />;
  return <BenefitForm key={q.data.id} saved={q.data} />;
}

function BenefitForm({ saved }: { saved?: BenefitAdmin }) {
  const staff = useStaff();
  const navigate = useNavigate();
  const canEdit = staff.can('content.write');
  const form = useAdminForm(benefitFormSchema, (saved?.form as BenefitFormInput | undefined) ?? NEW);
  const { register, control, formState, handleSubmit, reset } = form;
  const errors = formState.errors;
  const days = useFieldArray({ control, name: 'opcoes' as never });
  const event = useWatch({ control, name: 'evento' }) as boolean;
  const values = useWatch({ control }) as BenefitFormInput;
  const create = useBenefitMutation(createBenefit);
  const save = useBenefitMutation(updateBenefit);

  useEffect(() => {
    if (saved) reset(saved.form as BenefitFormInput);
  }, [saved, reset]);

  const submit = handleSubmit(async (f) => {
    try {
      if (saved) {
        await save.mutateAsync({ id: saved.id, form: f });
        notifySuccess('Benefício salvo. Os membros já veem a mudança.');
      } else {
        const newOne = await create.mutateAsync(f);
        notifySuccess(f.ativo ? 'Benefício criado e no ar.' : 'Benefício criado (arquivado).');
        void navigate(`../${newOne.id}`, { relative: 'path', replace: true });
      }
    } catch (err) {
      notifyError(err);
    }
  });

  return (
    <>
      <PageHeader
        title={saved ? saved.form.nome : 'Novo benefício'}
        description={saved ? `${saved.resgates.toLocaleString('pt-BR')} resgates · atualizado em ${new Date(saved.atualizadoEm).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' })}` : 'Tudo o que o membro vê no card e na página do benefício.'}
        actions={
          <>
            {saved && <SealStatus situacao={saved.situacao} />}
            <Link className="admin-btn" to={saved ? '..' : '.'} relative="path">
              Voltar à lista
            </Link>
          </>
        }
      />
      {!canEdit && <p className="admin-aviso">Seu papel só permite consultar os benefícios: o formulário está travado.</p>}
      <div className="beneficio-editor">
        <form className="admin-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Benefício">
          <fieldset disabled={!canEdit} className="beneficio-editor__campos">
            <fieldset>
              <legend>Conteúdo</legend>
              <TextInput label="Título" error={errors.nome} {...register('nome')} />
              <div className="admin-form__linha">
                <TextInput label="Chave" hint="Identificador estável: letras minúsculas, números e hífens." error={errors.chave} {...register('chave')} />
                <TextInput label="Tipo" hint="baseGeral, Cbe, Colaboradores, Missao_Personalizacao…" error={errors.tipo} {...register('tipo')} />
              </div>
              <TextArea label="Descrição" error={msg(errors.descricao)} {...register('descricao')} />
              <TextArea label="Termos de uso" hint="O membro precisa aceitar estes termos para resgatar." error={errors.textoLegal} {...register('textoLegal')} />
              <Controller
                control={control}
                name="urlImagem"
                render={({ field }) => (
                  <ImagePicker uso="beneficio" label="Imagem do card" value={field.value as string} onChange={(url) => field.onChange(url)} error={errors.urlImagem?.message} />
                )}
              />
              <TextInput label="Endereço da imagem" hint="Preenchido ao escolher uma imagem; aceita /caminho ou https://." error={errors.urlImagem} {...register('urlImagem')} />
              <div className="admin-form__linha">
                <TextInput label="Link do benefício" placeholder="https://" error={msg(errors.urlBeneficio)} {...register('urlBeneficio')} />
                <TextInput label="Desconto (%)" type="number" min={1} max={100} error={msg(errors.percentualDesconto)} {...register('percentualDesconto', number)} />
              </div>
            </fieldset>

            <fieldset>
              <legend>Custo, limite e códigos</legend>
              <div className="admin-form__linha">
                <TextInput label="Custo (pontos)" type="number" min={0} hint="0 = gratuito" error={errors.valor} {...register('valor', integer)} />
                <TextInput label="Limite por membro" type="number" min={1} hint="1 = um resgate por pessoa" error={errors.limitePorMembro} {...register('limitePorMembro', integer)} />
              </div>
              <div className="admin-form__linha">
                <SelectInput
                  label="Códigos"
                  options={[
                    { value: 'gerado', label: 'Gerados pelo portal' },
                    { value: 'lista', label: 'De uma lista importada (Cupons)' },
                  ]}
                  {...register('modoCupom')}
                />
                <TextInput label="Prefixo dos códigos gerados" error={msg(errors.prefixoCupom)} {...register('prefixoCupom')} />
                <TextInput label="Estoque" type="number" min={0} hint="Vazio = ilimitado (códigos gerados, sem dias)" error={msg(errors.estoque)} {...register('estoque', number)} />
              </div>
            </fieldset>

            <fieldset>
              <legend>Janela</legend>
              <div className="admin-form__linha">
                <TextInput label="Abre em" type="datetime-local" hint="Horário de Brasília. Antes disso o card fica bloqueado com contagem." error={msg(errors.inicio)} {...register('inicio')} />
                <TextInput label="Encerra em" type="datetime-local" hint="Depois disso só quem resgatou ainda vê." error={msg(errors.fim)} {...register('fim')} />
              </div>
            </fieldset>

            <fieldset>
              <legend>Evento</legend>
              <CheckboxInput label="É um evento (ingresso)" {...register('evento')} />
              {event && (
                <>
                  <TextInput label="Data do evento (um dia só)" type="datetime-local" error={msg(errors.dataEvento)} {...register('dataEvento')} />
                  <div className="beneficio-dias" role="group" aria-label="Dias do evento">
                    <p className="admin-campo__dica">Dias com opção de escolha (ingresso unificado), cada um com seu estoque.</p>
                    {days.fields.map((d, i) => (
                      <div key={d.id} className="beneficio-dias__linha">
                        <TextInput label={`Dia ${i + 1}: rótulo`} error={msg(errors.opcoes?.[i]?.nome)} {...register(`opcoes.${i}.nome` as const)} />
                        <TextInput label="Data" type="date" error={msg(errors.opcoes?.[i]?.data)} {...register(`opcoes.${i}.data` as const)} />
                        <TextInput label="Estoque" type="number" min={0} error={msg(errors.opcoes?.[i]?.estoque)} {...register(`opcoes.${i}.estoque` as const, number)} />
                        <button type="button" className="admin-btn admin-btn--pequeno" onClick={() => days.remove(i)} aria-label={`Remover o dia ${i + 1}`}>
                          Remover
                        </button>
                      </div>
                    ))}
                    <button type="button" className="admin-btn" onClick={() => days.append({ nome: '', data: '', estoque: null } as never)}>
                      Adicionar dia
                    </button>
                  </div>
                </>
              )}
              {msg(errors.opcoes) && (
                <small className="admin-campo__erro" role="alert">
                  {msg(errors.opcoes)!.message}
                </small>
              )}
            </fieldset>

            <fieldset>
              <legend>Público</legend>
              <div className="beneficio-publico" role="group" aria-label="Quem vê">
                {BENEFIT_AUDIENCES.map((p) => (
                  <CheckboxInput key={p} label={AUDIENCE_LABELS[p]} value={p} {...register('publico')} />
                ))}
              </div>
              {errors.publico && (
                <small className="admin-campo__erro" role="alert">
                  {msg(errors.publico)?.message}
                </small>
              )}
              <Controller
                control={control}
                name="cidades"
                render={({ field }) => (
                  <TextInput
                    label="Cidades"
                    hint="Separadas por vírgula. Vazio = todas. Sem diferença de acentos ou maiúsculas."
                    defaultValue={((field.value as string[]) ?? []).join(', ')}
                    onBlur={(e) => field.onChange(e.target.value.split(',').map((c) => c.trim()).filter(Boolean))}
                    error={msg(errors.cidades)}
                  />
                )}
              />
            </fieldset>

            <fieldset>
              <legend>Exibição</legend>
              <div className="admin-form__linha">
                <TextInput label="Ordem" type="number" hint="Menor aparece antes" error={errors.ordem} {...register('ordem', integer)} />
                <SelectInput label="Selo de experiência" options={[{ value: '', label: 'Nenhum' }, ...BENEFIT_EXPERIENCES.map((e) => ({ value: e, label: e }))]} {...register('experiencia')} />
              </div>
              <CheckboxInput label="Publicado (no ar para o público)" {...register('ativo')} />
            </fieldset>
          </fieldset>
          {canEdit && <FormActions busy={create.isPending || save.isPending} submitLabel={saved ? 'Salvar alterações' : 'Criar benefício'} />}
        </form>
        <BenefitPreview id={saved?.id} values={values} />
      </div>
    </>
  );
}
