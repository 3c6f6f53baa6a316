import { STORY_LINES } from './referral-message';

// The Instagram story helpers (spec 000 section 2, spec 001 section 2.18): a 1080x1920 image with
// the member's link and code, and a way into the story camera.

export const STORY_WIDTH = 1080;
export const STORY_HEIGHT = 1920;
export const STORY_FILE = 'legiao-indicacao-story.png';
export const INSTAGRAM_APP = 'instagram://story-camera';
export const INSTAGRAM_WEB = 'https://www.instagram.com';
/** Time the app gets to take over before the site opens instead. */
export const INSTAGRAM_WAIT_MS = 1500;

/** Breaks a long string (the link) into lines that fit `largura` at the context's current font. */
function wrapLines(ctx: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const ch of text) {
    if (ctx.measureText(current + ch).width > width && current) {
      lines.push(current);
      current = ch;
    } else {
      current += ch;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** Draws the story on a 1080x1920 canvas. Returns false when the browser gives no 2D context. */
export function drawStory(canvas: HTMLCanvasElement, data: { url: string; codigo: string }): boolean {
  canvas.width = STORY_WIDTH;
  canvas.height = STORY_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) return false;
  const centre = STORY_WIDTH / 2;

  const background = ctx.createLinearGradient(0, 0, STORY_WIDTH, STORY_HEIGHT);
  background.addColorStop(0, '#1c1c1c');
  background.addColorStop(1, '#0d0d0d');
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, STORY_WIDTH, STORY_HEIGHT);
  ctx.fillStyle = '#e4002b';
  ctx.fillRect(0, 0, STORY_WIDTH, 24);
  ctx.fillRect(0, STORY_HEIGHT - 24, STORY_WIDTH, 24);

  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#f5f5f5';
  ctx.font = '900 120px system-ui, sans-serif';
  ctx.fillText('LEGIÃO', centre, 330);
  ctx.font = '700 72px system-ui, sans-serif';
  ctx.fillText(STORY_LINES.titulo, centre, 520);

  ctx.fillStyle = '#e4002b';
  ctx.font = '900 240px system-ui, sans-serif';
  ctx.fillText(STORY_LINES.offer, centre, 820);
  ctx.fillStyle = '#f5f5f5';
  ctx.font = '600 56px system-ui, sans-serif';
  ctx.fillText(STORY_LINES.detail, centre, 1000);
  ctx.fillStyle = '#b8b8b8';
  ctx.font = '400 36px system-ui, sans-serif';
  ctx.fillText(STORY_LINES.restricao, centre, 1080);

  ctx.fillStyle = '#f5f5f5';
  ctx.font = '600 52px system-ui, sans-serif';
  ctx.fillText(STORY_LINES.call, centre, 1300);
  ctx.fillStyle = '#ffc233';
  ctx.font = '700 48px ui-monospace, monospace';
  wrapLines(ctx, data.url, STORY_WIDTH - 160).forEach((line, i) => ctx.fillText(line, centre, 1400 + i * 66));
  ctx.fillStyle = '#b8b8b8';
  ctx.font = '400 36px system-ui, sans-serif';
  ctx.fillText(`Código: ${data.codigo}`, centre, 1700);
  return true;
}

/** Draws the story and downloads it as a PNG. */
export async function downloadStory(data: { url: string; codigo: string }): Promise<boolean> {
  const canvas = document.createElement('canvas');
  if (!drawStory(canvas, data)) return false;
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) return false;
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = STORY_FILE;
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
export function openInstagram(win: Window = window) {
  win.location.href = INSTAGRAM_APP;
  win.setTimeout(() => {
    if (win.document.visibilityState === 'visible') win.open(INSTAGRAM_WEB, '_blank', 'noopener');
  }, INSTAGRAM_WAIT_MS);
}
