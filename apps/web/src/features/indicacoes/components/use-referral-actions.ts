import type { ReferralCode } from '@legiao/contracts/indicacao';
import { useCallback } from 'react';
import { useCopy } from '../../../shared/lib/clipboard';
import { useNotices } from '../../../shared/notices/notice-context';
import { openInstagram, downloadStory } from '../lib/story';

export const MSG_COPY_FAILED = 'Não foi possível copiar. Selecione o link e copie manualmente.';
export const MSG_STORY_FAILED = 'Não foi possível gerar a imagem neste navegador.';

/** The three helpers of the referral (copy the link, download the story image, open Instagram). */
export function useReferralActions(code: ReferralCode | undefined) {
  const { notify } = useNotices();
  const { copied: copied, copy: copy } = useCopy();

  const copyLink = useCallback(async () => {
    if (!code) return;
    if (!(await copy(code.url))) notify({ message: MSG_COPY_FAILED, kind: 'info' });
  }, [code, copy, notify]);

  const downloadImage = useCallback(async () => {
    if (!code) return;
    if (!(await downloadStory(code))) notify({ message: MSG_STORY_FAILED, kind: 'info' });
  }, [code, notify]);

  return { ready: !!code, copied: copied, copyLink: copyLink, downloadImage: downloadImage, openInstagram: () => openInstagram() };
}

export type ReferralActions = ReturnType<typeof useReferralActions>;
