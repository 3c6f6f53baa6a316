import type { IndicacaoCodigo } from '@legiao/contracts/indicacao';
import { useEffect, useRef } from 'react';
import { Modal } from '../../../shared/ui/modal';
import { desenharStory } from '../lib/story';
import { PASSOS_STORY, PassoStory } from './passos-story';
import type { AcoesIndicacao } from './use-acoes-indicacao';

interface InstagramStoryModalProps {
  codigo: IndicacaoCodigo;
  acoes: AcoesIndicacao;
  onClose: () => void;
}

/** 'Compartilhar no Instagram': a preview of the story image and the step by step, each with its helper. */
export function InstagramStoryModal({ codigo, acoes, onClose }: InstagramStoryModalProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (canvas.current) desenharStory(canvas.current, codigo);
  }, [codigo]);

  return (
    <Modal titulo="Compartilhe no seu story" onClose={onClose}>
      <canvas ref={canvas} className="story-previa" role="img" aria-label="Prévia da imagem do story com o seu link" />
      <ol className="passos-lista">
        {PASSOS_STORY.map((passo, i) => (
          <li key={passo.titulo}>
            <PassoStory numero={i + 1} passo={passo} acoes={acoes} />
          </li>
        ))}
      </ol>
    </Modal>
  );
}
