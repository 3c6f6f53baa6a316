import type { IndicacaoCodigo } from '@legiao/contracts/indicacao';
import { useCallback } from 'react';
import { useCopiar } from '../../../shared/lib/clipboard';
import { useNotices } from '../../../shared/notices/notice-context';
import { abrirInstagram, baixarStory } from '../lib/story';

export const MSG_COPIA_FALHOU = 'Não foi possível copiar. Selecione o link e copie manualmente.';
export const MSG_STORY_FALHOU = 'Não foi possível gerar a imagem neste navegador.';

/** The three helpers of the referral (copy the link, download the story image, open Instagram). */
export function useAcoesIndicacao(codigo: IndicacaoCodigo | undefined) {
  const { notify } = useNotices();
  const { copiado, copiar } = useCopiar();

  const copiarLink = useCallback(async () => {
    if (!codigo) return;
    if (!(await copiar(codigo.url))) notify({ message: MSG_COPIA_FALHOU, kind: 'info' });
  }, [codigo, copiar, notify]);

  const baixarImagem = useCallback(async () => {
    if (!codigo) return;
    if (!(await baixarStory(codigo))) notify({ message: MSG_STORY_FALHOU, kind: 'info' });
  }, [codigo, notify]);

  return { pronto: !!codigo, copiado, copiarLink, baixarImagem, abrirInstagram: () => abrirInstagram() };
}

export type AcoesIndicacao = ReturnType<typeof useAcoesIndicacao>;
