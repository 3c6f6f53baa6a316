import { useState } from 'react';
import { z } from 'zod';
import type { WaitingRoomState } from '@legiao/contracts';
import { ConfirmDialog, FormActions, notifyError, notifySuccess, TextInput, useAdminForm } from '../../ui/index';
import { changeWaitingRoom } from '../api/waiting-room-api';

const integer = (field: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${field}: informe um número inteiro.`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= 1_000_000, `${field}: de 1 a 1.000.000.`);
const controlsSchema = z.object({ capacidade: integer('Capacidade'), admissoesPorMinuto: integer('Admissões por minuto') });

/** Capacity and rate (for every process at once), and pausing or resuming admission. */
export function WaitingRoomControls({ estado: state, onState }: { estado: WaitingRoomState; onState: (e: WaitingRoomState) => void }) {
  const form = useAdminForm(controlsSchema, { capacidade: String(state.capacidade), admissoesPorMinuto: String(state.admissoesPorMinuto) });
  const [confirmPause, setConfirmPause] = useState(false);
  const { errors, isSubmitting, isDirty } = form.formState;

  const save = form.handleSubmit(async (v) => {
    try {
      const newOne = await changeWaitingRoom(v);
      onState(newOne);
      form.reset({ capacidade: String(newOne.capacidade), admissoesPorMinuto: String(newOne.admissoesPorMinuto) });
      notifySuccess('Sala de espera atualizada.');
    } catch (e) {
      notifyError(e);
    }
  });

  const pause = async (paused: boolean) => {
    try {
      onState(await changeWaitingRoom({ pausada: paused }));
      notifySuccess(paused ? 'Entrada pausada: ninguém novo entra até retomar.' : 'Entrada retomada.');
    } catch (e) {
      notifyError(e);
      throw e;
    }
  };

  return (
    <section className="fila-bloco" aria-labelledby="fila-controles-titulo">
      <h2 id="fila-controles-titulo">Controles</h2>
      <p className="fila-bloco__nota">Valem para todos os processos da API, na hora. Baixar a capacidade não tira ninguém: só para as entradas até sobrar lugar.</p>
      <form className="admin-form fila-controles form-conteudo" onSubmit={(e) => void save(e)} noValidate>
        <div className="admin-form__linha">
          <TextInput label="Capacidade (pessoas no portal)" inputMode="numeric" error={errors.capacidade} {...form.register('capacidade')} />
          <TextInput label="Admissões por minuto" inputMode="numeric" error={errors.admissoesPorMinuto} {...form.register('admissoesPorMinuto')} />
        </div>
        <FormActions busy={isSubmitting} submitLabel="Salvar limites">
          {state.pausada ? (
            <button type="button" className="admin-btn admin-btn--primario fila-controles__pausa" onClick={() => void pause(false).catch(() => {})}>
              Retomar entrada
            </button>
          ) : (
            <button type="button" className="admin-btn admin-btn--perigo fila-controles__pausa" onClick={() => setConfirmPause(true)}>
              Pausar entrada
            </button>
          )}
          {isDirty && <span className="fila-controles__aviso">Limites alterados, ainda não salvos</span>}
        </FormActions>
      </form>
      {confirmPause && (
        <ConfirmDialog title="Pausar a entrada?" confirmLabel="Pausar entrada" danger onConfirm={() => pause(true)} onClose={() => setConfirmPause(false)}>
          <p>Ninguém novo entra no portal até você retomar. Quem já está dentro continua; quem chega espera na fila.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
