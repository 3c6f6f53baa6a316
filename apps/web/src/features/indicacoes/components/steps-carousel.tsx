import { Carousel } from '../../../shared/ui/carousel';
import { STORY_STEPS, StoryStep } from './story-steps';
import type { ReferralActions } from './use-referral-actions';
import '../../produtos/produtos.css';

/**
 * The story step by step as a carousel (spec 001 section 2.18): one step per view on phones, three
 * from 768px.
 */
export function StepsCarousel({ actions }: { actions: ReferralActions }) {
  return (
    <div className="passos-carousel">
      <Carousel label="Passo a passo para compartilhar" byView={{ base: 1, since768: 3 }}>
        {STORY_STEPS.map((step, i) => (
          <StoryStep key={step.titulo} numero={i + 1} step={step} actions={actions} />
        ))}
      </Carousel>
    </div>
  );
}
