import { Carousel } from '../../../shared/ui/carousel';
import { PASSOS_STORY, PassoStory } from './passos-story';
import type { AcoesIndicacao } from './use-acoes-indicacao';
import '../../produtos/produtos.css';

/**
 * The story step by step as a carousel (spec 001 section 2.18): one step per view on phones, three
 * from 768px.
 */
export function PassosCarousel({ acoes }: { acoes: AcoesIndicacao }) {
  return (
    <div className="passos-carousel">
      <Carousel label="Passo a passo para compartilhar" porVisao={{ base: 1, desde768: 3 }}>
        {PASSOS_STORY.map((passo, i) => (
          <PassoStory key={passo.titulo} numero={i + 1} passo={passo} acoes={acoes} />
        ))}
      </Carousel>
    </div>
  );
}
