import { useState } from 'react';
import { z } from 'zod';
import { waitingRoomScheduleInputSchema, type WaitingRoomSchedule } from '@legiao/contracts/admin/fila';
import { ConfirmDialog, EmptyState, FormActions, LoadingState, notifyError, notifySuccess, SelectInput, TextInput, useAdminForm } from '../../ui/index';
import { scheduleWaitingRoom, cancelSchedule } from '../api/waiting-room-api';
import { dateTime, localToIso, number } from '../lib/formatar';

const optional = (field: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 1_000_000), `${field}: de 1 a 1.000.000, ou vazio para não mudar.`);

const scheduleSchema = z.object({
  quando: z.string().min(1, 'Informe data e hora.').refine((v) => !Number.isNaN(Date.parse(v)), 'Informe data e hora válidas.'),
  entrada: z.enum(['manter', 'pausar', 'retomar']),
  capacidade: optional('Capacidade'),
  admissoesPorMinuto: optional('Admissões por minuto'),
  descricao: z.string().trim().max(200, 'Descrição: no máximo 200 caracteres.'),
});
type ScheduleForm = z.input<typeof scheduleSchema>;
const empty: ScheduleForm = { quando: '', entrada: 'pausar', capacidade: '', admissoesPorMinuto: '', descricao: '' };

const STATUS: Record<WaitingRoomSchedule['situacao'], { texto: string; className: string }> = {
  pendente: { texto: 'Agendado', className: 'admin-selo--ambar' },
  executado: { texto: 'Aplicado', className: 'admin-selo--verde' },
  cancelado: { texto: 'Cancelado', className: '' },
  falhou: { texto: 'Falhou', className: 'admin-selo--vermelho' },
};

/** What the schedule changes, in words. */
export function describeChange(a: Pick<WaitingRoomSchedule, 'pausada' | 'capacidade' | 'admissoesPorMinuto'>): string {
  const parts = [];
  if (a.pausada === true) parts.push('pausar a entrada');
  if (a.pausada === false) parts.push('retomar a entrada');
  if (a.capacidade !== null) parts.push(`capacidade ${number(a.capacidade)}`);
  if (a.admissoesPorMinuto !== null) parts.push(`${number(a.admissoesPorMinuto)} admissões/min`);
  return parts.join(' · ');
}

/** "Pause admission at 10:00 on the 12th": schedule, list and cancel (applied by the server on time). */
export function WaitingRoomSchedules({ agendamentos: schedules }: { agendamentos: WaitingRoomSchedule[] | null }) {
  const form = useAdminForm(scheduleSchema, empty);
  const [cancel, setCancel] = useState<WaitingRoomSchedule | null>(null);
  const { errors, isSubmitting } = form.formState;

  const schedule = form.handleSubmit(async (v) => {
    const body = waitingRoomScheduleInputSchema.safeParse({
      executarEm: localToIso(v.quando),
      ...(v.entrada !== 'manter' ? { pausada: v.entrada === 'pausar' } : {}),
      ...(v.capacidade ? { capacidade: Number(v.capacidade) } : {}),
      ...(v.admissoesPorMinuto ? { admissoesPorMinuto: Number(v.admissoesPorMinuto) } : {}),
      ...(v.descricao ? { descricao: v.descricao } : {}),
    });
    if (!body.success) {
      form.setError('root', { message: body.error.issues[0]?.message });
      return;
    }
    try {
      const a = await scheduleWaitingRoom(body.data);
      form.reset(empty);
      notifySuccess(`Agendado para ${dateTime(a.executarEm)}.`);
    } catch (e) {
      notifyError(e);
    }
  });

  return (
    <section className="fila-bloco" aria-labelledby="fila-agenda-titulo">
      <h2 id="fila-agenda-titulo">Agendamentos</h2>
      <p className="fila-bloco__nota">O servidor aplica a mudança no horário marcado (verifica a cada segundo), mesmo com esta tela fechada.</p>
      <form className="admin-form fila-agendar form-conteudo" onSubmit={(e) => void schedule(e)} noValidate aria-label="Agendar mudança">
        <div className="admin-form__linha">
          <TextInput label="Quando" type="datetime-local" step={1} error={errors.quando} {...form.register('quando')} />
          <SelectInput
            label="Entrada"
            options={[
              { value: 'pausar', label: 'Pausar a entrada' },
              { value: 'retomar', label: 'Retomar a entrada' },
              { value: 'manter', label: 'Não mudar' },
            ]}
            {...form.register('entrada')}
          />
          <TextInput label="Nova capacidade" inputMode="numeric" hint="Vazio: não muda" error={errors.capacidade} {...form.register('capacidade')} />
          <TextInput label="Novo limite por minuto" inputMode="numeric" hint="Vazio: não muda" error={errors.admissoesPorMinuto} {...form.register('admissoesPorMinuto')} />
        </div>
        <TextInput label="Descrição (opcional)" placeholder="Ex.: abertura da pré-venda" error={errors.descricao} {...form.register('descricao')} />
        {errors.root?.message && (
          <p className="admin-campo__erro" role="alert">
            {errors.root.message}
          </p>
        )}
        <FormActions busy={isSubmitting} submitLabel="Agendar" />
      </form>

      {schedules === null ? (
        <LoadingState label="Carregando agendamentos..." />
      ) : schedules.length === 0 ? (
        <EmptyState title="Nenhum agendamento" message="Agende, por exemplo, “pausar a entrada às 10:00 do dia 12”." />
      ) : (
        <div className="admin-tabela">
          <div className="admin-tabela__rolagem">
            <table>
              <caption className="visually-hidden">Mudanças agendadas da sala de espera</caption>
              <thead>
                <tr>
                  <th scope="col">Quando</th>
                  <th scope="col">Mudança</th>
                  <th scope="col">Descrição</th>
                  <th scope="col">Situação</th>
                  <th scope="col">
                    <span className="visually-hidden">Ações</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {schedules.map((a) => (
                  <tr key={a.id}>
                    <td>{dateTime(a.executarEm)}</td>
                    <td>{describeChange(a)}</td>
                    <td>{a.descricao || '—'}</td>
                    <td>
                      <span className={`admin-selo ${STATUS[a.situacao].className}`} title={a.erro ?? undefined}>
                        {STATUS[a.situacao].texto}
                      </span>
                      {a.executadoEm && <small className="fila-tabela__quando"> {dateTime(a.executadoEm)}</small>}
                    </td>
                    <td>
                      {a.situacao === 'pendente' && (
                        <button type="button" className="admin-btn admin-btn--pequeno" onClick={() => setCancel(a)} aria-label={`Cancelar agendamento de ${dateTime(a.executarEm)}`}>
                          Cancelar
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {cancel && (
        <ConfirmDialog
          title="Cancelar o agendamento?"
          confirmLabel="Cancelar agendamento"
          danger
          onConfirm={async () => {
            try {
              await cancelSchedule(cancel.id);
              notifySuccess('Agendamento cancelado.');
            } catch (e) {
              notifyError(e);
              throw e;
            }
          }}
          onClose={() => setCancel(null)}
        >
          <p>
            {dateTime(cancel.executarEm)}: {describeChange(cancel)}. Nada muda nesse horário.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
