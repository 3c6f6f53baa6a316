import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Copies text. The Clipboard API needs a secure context (https or localhost) and may be refused;
 * the hidden-textarea fallback covers plain-http deployments and older browsers.
 */
export async function copiarTexto(texto: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(texto);
      return true;
    }
  } catch {
    // fall through to the fallback
  }
  return copiarPorSelecao(texto);
}

function copiarPorSelecao(texto: string): boolean {
  const area = document.createElement('textarea');
  area.value = texto;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '-1000px';
  area.style.opacity = '0';
  const foco = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  foco?.focus();
  return ok;
}

/** A mailto: link with subject and body (encoded, so line breaks and '&' survive). */
export function mailtoUrl(assunto: string, corpo: string, para = ''): string {
  return `mailto:${para}?subject=${encodeURIComponent(assunto)}&body=${encodeURIComponent(corpo)}`;
}

/** WhatsApp's share link: opens the app (or WhatsApp Web) with the text ready to send to anyone. */
export function whatsappUrl(texto: string): string {
  return `https://wa.me/?text=${encodeURIComponent(texto)}`;
}

export const FEEDBACK_COPIA_MS = 2500;

/**
 * Copy with feedback: `copiado` stays true for a moment after a successful copy, so the button can
 * say 'Link copiado!'. Returns whether it worked (the caller shows an error otherwise).
 */
export function useCopiar(duracaoMs = FEEDBACK_COPIA_MS) {
  const [copiado, setCopiado] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copiar = useCallback(
    async (texto: string) => {
      const ok = await copiarTexto(texto);
      window.clearTimeout(timer.current);
      setCopiado(ok);
      if (ok) timer.current = window.setTimeout(() => setCopiado(false), duracaoMs);
      return ok;
    },
    [duracaoMs],
  );
  return { copiado, copiar };
}
