/** The arrow of carousels and galleries (decorative: its button carries the name). */
export const ChevronIcon = ({ direction }: { direction: 'left' | 'right' }) => (
  <svg width={20} height={20} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path
      d={direction === 'left' ? 'M15 5 8 12l7 7' : 'm9 5 7 7-7 7'}
      fill="none"
      stroke="currentColor"
      strokeWidth="2.4"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);
