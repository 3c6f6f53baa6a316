import { STORY_LINHAS } from './mensagem-indicacao';

// The Instagram story helpers (spec 000 section 2, spec 001 section 2.18): a 1080x1920 image with
// the member's link and code, and a way into the story camera.

export const STORY_LARGURA = 1080;
export const STORY_ALTURA = 1920;
export const STORY_ARQUIVO = 'legiao-indicacao-story.png';
export const INSTAGRAM_APP = 'instagram://story-camera';
export const INSTAGRAM_WEB = 'https://www.instagram.com';
/** Time the app gets to take over before the site opens instead. */
export const INSTAGRAM_ESPERA_MS = 1500;

/** Breaks a long string (the link) into lines that fit `largura` at the context's current font. */
function quebrar(ctx: CanvasRenderingContext2D, texto: string, largura: number): string[] {
  const linhas: string[] = [];
  let atual = '';
  for (const ch of texto) {
    if (ctx.measureText(atual + ch).width > largura && atual) {
      linhas.push(atual);
      atual = ch;
    } else {
      atual += ch;
    }
  }
  if (atual) linhas.push(atual);
  return linhas;
}

/** Draws the story on a 1080x1920 canvas. Returns false when the browser gives no 2D context. */
export function desenharStory(canvas: HTMLCanvasElement, dados: { url: string; codigo: string }): boolean {
  canvas.width = STORY_LARGURA;
  canvas.height = STORY_ALTURA;
  const ctx = canvas.getContext('2d');
  if (!ctx) return false;
  const centro = STORY_LARGURA / 2;

  const fundo = ctx.createLinearGradient(0, 0, STORY_LARGURA, STORY_ALTURA);
  fundo.addColorStop(0, '#1c1c1c');
  fundo.addColorStop(1, '#0d0d0d');
  ctx.fillStyle = fundo;
  ctx.fillRect(0, 0, STORY_LARGURA, STORY_ALTURA);
  ctx.fillStyle = '#e4002b';
  ctx.fillRect(0, 0, STORY_LARGURA, 24);
  ctx.fillRect(0, STORY_ALTURA - 24, STORY_LARGURA, 24);

  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#f5f5f5';
  ctx.font = '900 120px system-ui, sans-serif';
  ctx.fillText('LEGIÃO', centro, 330);
  ctx.font = '700 72px system-ui, sans-serif';
  ctx.fillText(STORY_LINHAS.titulo, centro, 520);

  ctx.fillStyle = '#e4002b';
  ctx.font = '900 240px system-ui, sans-serif';
  ctx.fillText(STORY_LINHAS.oferta, centro, 820);
  ctx.fillStyle = '#f5f5f5';
  ctx.font = '600 56px system-ui, sans-serif';
  ctx.fillText(STORY_LINHAS.detalhe, centro, 1000);
  ctx.fillStyle = '#b8b8b8';
  ctx.font = '400 36px system-ui, sans-serif';
  ctx.fillText(STORY_LINHAS.restricao, centro, 1080);

  ctx.fillStyle = '#f5f5f5';
  ctx.font = '600 52px system-ui, sans-serif';
  ctx.fillText(STORY_LINHAS.chamada, centro, 1300);
  ctx.fillStyle = '#ffc233';
  ctx.font = '700 48px ui-monospace, monospace';
  quebrar(ctx, dados.url, STORY_LARGURA - 160).forEach((linha, i) => ctx.fillText(linha, centro, 1400 + i * 66));
  ctx.fillStyle = '#b8b8b8';
  ctx.font = '400 36px system-ui, sans-serif';
  ctx.fillText(`Código: ${dados.codigo}`, centro, 1700);
  return true;
}

/** Draws the story and downloads it as a PNG. */
export async function baixarStory(dados: { url: string; codigo: string }): Promise<boolean> {
  const canvas = document.createElement('canvas');
  if (!desenharStory(canvas, dados)) return false;
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) return false;
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = STORY_ARQUIVO;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return true;
}

/**
 * Opens the story camera of the Instagram app; when the page is still visible after a moment (no
 * app took over: desktop, app not installed), opens the site in a new tab instead.
 */
export function abrirInstagram(win: Window = window) {
  win.location.href = INSTAGRAM_APP;
  win.setTimeout(() => {
    if (win.document.visibilityState === 'visible') win.open(INSTAGRAM_WEB, '_blank', 'noopener');
  }, INSTAGRAM_ESPERA_MS);
}
