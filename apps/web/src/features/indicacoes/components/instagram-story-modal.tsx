import type { ReferralCode } from '@legiao/contracts/indicacao';
import { useEffect, useRef } from 'react';
import { Modal } from '../../../shared/ui/modal';
import { drawStory } from '../lib/story';
import { STORY_STEPS, StoryStep } from './story-steps';
import type { ReferralActions } from './use-referral-actions';

interface InstagramStoryModalProps {
  codigo: ReferralCode;
  actions: ReferralActions;
  onClose: () => void;
}

/** 'Compartilhar no Instagram': a preview of the story image and the step by step, each with its helper. */
export function InstagramStoryModal({ codigo: code, actions, onClose }: InstagramStoryModalProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (canvas.current) drawStory(canvas.current, code);
  }, [code]);

  return (
    <Modal titulo="Compartilhe no seu story" onClose={onClose}>
      <canvas ref={canvas} className="story-previa" role="img" aria-label="Prévia da imagem do story com o seu link" />
      <ol className="passos-lista">
        {STORY_STEPS.map((step, i) => (
          <li key={step.titulo}>
            <StoryStep numero={i + 1} step={step} actions={actions} />
          </li>
        ))}
      </ol>
    </Modal>
  );
}
