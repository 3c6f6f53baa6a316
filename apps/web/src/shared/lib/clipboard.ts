import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Copies text. The Clipboard API needs a secure context (https or localhost) and may be refused;
 * the hidden-textarea fallback covers plain-http deployments and older browsers.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the fallback
  }
  return copyBySelection(text);
}

function copyBySelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '-1000px';
  area.style.opacity = '0';
  const focus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  focus?.focus();
  return ok;
}

/** A mailto: link with subject and body (encoded, so line breaks and '&' survive). */
export function mailtoUrl(subject: string, body: string, to = ''): string {
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** WhatsApp's share link: opens the app (or WhatsApp Web) with the text ready to send to anyone. */
export function whatsappUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

export const FEEDBACK_COPY_MS = 2500;

/**
 * Copy with feedback: `copiado` stays true for a moment after a successful copy, so the button can
 * say 'Link copiado!'. Returns whether it worked (the caller shows an error otherwise).
 */
export function useCopy(durationMs = FEEDBACK_COPY_MS) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = useCallback(
    async (text: string) => {
      const ok = await copyText(text);
      window.clearTimeout(timer.current);
      setCopied(ok);
      if (ok) timer.current = window.setTimeout(() => setCopied(false), durationMs);
      return ok;
    },
    [durationMs],
  );
  return { copied: copied, copy: copy };
}
