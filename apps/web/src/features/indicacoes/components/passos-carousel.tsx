import { ProdutoCarousel } from '../../produtos/components/produto-carousel';
import { PASSOS_STORY, PassoStory } from './passos-story';
import type { AcoesIndicacao } from './use-acoes-indicacao';
import '../../produtos/produtos.css';

/**
 * The story step by step as a carousel (spec 001 section 2.18). Reuses the app's embla carousel;
 * the wrapper class sets how many steps fit a view (1 on phones, 3 from 768px).
 */
export function PassosCarousel({ acoes }: { acoes: AcoesIndicacao }) {
  return (
    <div className="passos-carousel">
      <ProdutoCarousel label="Passo a passo para compartilhar">
        {PASSOS_STORY.map((passo, i) => (
          <PassoStory key={passo.titulo} numero={i + 1} passo={passo} acoes={acoes} />
        ))}
      </ProdutoCarousel>
    </div>
  );
}
