import type { ReactNode } from 'react';
import { Carousel } from '../../../shared/ui/carousel';

/**
 * A product carousel: 1 card per view below 768px, 5 from 768px (spec 000 section 9), set by the
 * slides' CSS widths; the arrows move one view at a time. Focusing a card's link brings it into view.
 */
export function ProductCarousel({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Carousel label={label} byView={{ base: 1, since768: 5 }}>
      {children}
    </Carousel>
  );
}
