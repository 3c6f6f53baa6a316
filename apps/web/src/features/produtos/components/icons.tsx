import type { ReactNode } from 'react';

// Small inline icons. Decorative by default; StatusIcon gives one a spoken name (role=img).

function Svg({ children, size = 18 }: { children: ReactNode; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export const VerifiedIcon = ({ size }: { size?: number }) => (
  <Svg size={size}>
    <path
      d="M12 2 14.6 4.1l3.3-.3.9 3.2 2.9 1.7-1.2 3.1 1.2 3.1-2.9 1.7-.9 3.2-3.3-.3L12 22l-2.6-2.1-3.3.3-.9-3.2-2.9-1.7L3.5 12 2.3 8.9l2.9-1.7.9-3.2 3.3.3Z"
      fill="currentColor"
    />
    <path d="m8 12.2 2.7 2.7L16.2 9.4" fill="none" stroke="#0d0d0d" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
  </Svg>
);

export const GiftIcon = ({ size }: { size?: number }) => (
  <Svg size={size}>
    <path d="M3 8h8v4H3zm10 0h8v4h-8zM4.5 13.5H11V21H4.5zm8.5 0h6.5V21H13z" fill="currentColor" />
    <path
      d="M12 8C10.2 4.6 6.8 4.2 6.8 6.3 6.8 7.7 9.6 8 12 8Zm0 0c1.8-3.4 5.2-3.8 5.2-1.7C17.2 7.7 14.4 8 12 8Z"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    />
  </Svg>
);

export const EditIcon = ({ size }: { size?: number }) => (
  <Svg size={size}>
    <path d="M4 17.3V20h2.7L17.8 8.9l-2.7-2.7ZM20.7 6a1 1 0 0 0 0-1.4l-1.3-1.3a1 1 0 0 0-1.4 0l-1.6 1.6 2.7 2.7Z" fill="currentColor" />
  </Svg>
);

// The chevron moved to shared/ui (the shared carousel uses it too).
export { ChevronIcon } from '../../../shared/ui/chevron-icon';

export const CloseIcon = () => (
  <Svg size={20}>
    <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
  </Svg>
);

/** An icon that tells something (verified, gift): announced by its label, shown as a tooltip too. */
export function StatusIcon({ label, kind, children }: { label: string; kind: 'verificado' | 'presente'; children: ReactNode }) {
  return (
    <span className={`status-icon status-icon--${kind}`} role="img" aria-label={label} title={label}>
      {children}
    </span>
  );
}
