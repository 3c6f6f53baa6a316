import { useState } from 'react';
import { z } from 'zod';
import type { FilaEstado } from '@legiao/contracts';
import { ConfirmDialog, FormActions, notifyError, notifySuccess, TextInput, useAdminForm } from '../../ui';
import { alterarFila } from '../api/fila-api';

const inteiro = (campo: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${campo}: informe um número inteiro.`)
    .transform(Number)
    .refine((n) => n >= 1 && n <= 1_000_000, `${campo}: de 1 a 1.000.000.`);
const controlesSchema = z.object({ capacidade: inteiro('Capacidade'), admissoesPorMinuto: inteiro('Admissões por minuto') });

/** Capacity and rate (for every process at once), and pausing or resuming admission. */
export function FilaControles({ estado, onEstado }: { estado: FilaEstado; onEstado: (e: FilaEstado) => void }) {
  const form = useAdminForm(controlesSchema, { capacidade: String(estado.capacidade), admissoesPorMinuto: String(estado.admissoesPorMinuto) });
  const [confirmarPausa, setConfirmarPausa] = useState(false);
  const { errors, isSubmitting, isDirty } = form.formState;

  const salvar = form.handleSubmit(async (v) => {
    try {
      const novo = await alterarFila(v);
      onEstado(novo);
      form.reset({ capacidade: String(novo.capacidade), admissoesPorMinuto: String(novo.admissoesPorMinuto) });
      notifySuccess('Sala de espera atualizada.');
    } catch (e) {
      notifyError(e);
    }
  });

  const pausar = async (pausada: boolean) => {
    try {
      onEstado(await alterarFila({ pausada }));
      notifySuccess(pausada ? 'Entrada pausada: ninguém novo entra até retomar.' : 'Entrada retomada.');
    } catch (e) {
      notifyError(e);
      throw e;
    }
  };

  return (
    <section className="fila-bloco" aria-labelledby="fila-controles-titulo">
      <h2 id="fila-controles-titulo">Controles</h2>
      <p className="fila-bloco__nota">Valem para todos os processos da API, na hora. Baixar a capacidade não tira ninguém: só para as entradas até sobrar lugar.</p>
      <form className="admin-form fila-controles form-conteudo" onSubmit={(e) => void salvar(e)} noValidate>
        <div className="admin-form__linha">
          <TextInput label="Capacidade (pessoas no portal)" inputMode="numeric" error={errors.capacidade} {...form.register('capacidade')} />
          <TextInput label="Admissões por minuto" inputMode="numeric" error={errors.admissoesPorMinuto} {...form.register('admissoesPorMinuto')} />
        </div>
        <FormActions busy={isSubmitting} submitLabel="Salvar limites">
          {estado.pausada ? (
            <button type="button" className="admin-btn admin-btn--primario fila-controles__pausa" onClick={() => void pausar(false).catch(() => {})}>
              Retomar entrada
            </button>
          ) : (
            <button type="button" className="admin-btn admin-btn--perigo fila-controles__pausa" onClick={() => setConfirmarPausa(true)}>
              Pausar entrada
            </button>
          )}
          {isDirty && <span className="fila-controles__aviso">Limites alterados, ainda não salvos</span>}
        </FormActions>
      </form>
      {confirmarPausa && (
        <ConfirmDialog title="Pausar a entrada?" confirmLabel="Pausar entrada" danger onConfirm={() => pausar(true)} onClose={() => setConfirmarPausa(false)}>
          <p>Ninguém novo entra no portal até você retomar. Quem já está dentro continua; quem chega espera na fila.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
