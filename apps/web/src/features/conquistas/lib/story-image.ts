import type { VisibleSeal } from './seals';

/** An Instagram story is 1080x1920. */
export const STORY_WIDTH = 1080;
export const STORY_HEIGHT = 1920;

async function load(src: string): Promise<HTMLImageElement> {
  const img = new Image();
  img.src = src;
  await img.decode();
  return img;
}

/** Columns and seal size that fit `n` seals in the story's middle band. */
export function storyGrade(n: number): { columns: number; size: number } {
  const columns = n <= 4 ? 2 : n <= 12 ? 3 : 4;
  const lines = Math.max(1, Math.ceil(n / columns));
  const byWidth = (STORY_WIDTH - 160 - (columns - 1) * 40) / columns;
  const byHeight = 1120 / lines - 70;
  return { columns: columns, size: Math.floor(Math.min(300, byWidth, byHeight)) };
}

/**
 * Draws the member's earned seals on a 1080x1920 PNG for an Instagram story. Everything drawn is
 * same-origin (the seal SVGs in /conquistas), so the canvas stays exportable.
 */
export async function generateImageStory(name: string, seals: VisibleSeal[]): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = STORY_WIDTH;
  canvas.height = STORY_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas indisponível');
  const images = await Promise.all(seals.map((s) => load(s.imagem)));

  const background = ctx.createLinearGradient(0, 0, 0, STORY_HEIGHT);
  background.addColorStop(0, '#0d0d0d');
  background.addColorStop(0.6, '#1c0309');
  background.addColorStop(1, '#5c0012');
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, STORY_WIDTH, STORY_HEIGHT);

  const source = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
  ctx.textAlign = 'center';
  ctx.fillStyle = '#ff5c73';
  ctx.font = `800 44px ${source}`;
  ctx.fillText('LEGIÃO 1913', STORY_WIDTH / 2, 200);
  ctx.fillStyle = '#f5f5f5';
  ctx.font = `800 88px ${source}`;
  ctx.fillText('Minhas conquistas', STORY_WIDTH / 2, 330);
  ctx.fillStyle = '#b8b8b8';
  ctx.font = `500 48px ${source}`;
  ctx.fillText(name, STORY_WIDTH / 2, 420, STORY_WIDTH - 160);

  const { columns: columns, size } = storyGrade(seals.length);
  const lines = Math.ceil(seals.length / columns);
  const cellHeight = size + 70;
  const top = 520 + (1120 - lines * cellHeight) / 2;
  seals.forEach((seal, i) => {
    const line = Math.floor(i / columns);
    const atLine = Math.min(columns, seals.length - line * columns);
    // Rows that are not full are centred.
    const startX = (STORY_WIDTH - (atLine * size + (atLine - 1) * 40)) / 2;
    const x = startX + (i % columns) * (size + 40);
    const y = top + line * cellHeight;
    ctx.drawImage(images[i]!, x, y, size, size);
    ctx.fillStyle = '#f5f5f5';
    ctx.font = `700 ${Math.round(Math.max(28, size / 7))}px ${source}`;
    ctx.fillText(seal.nome, x + size / 2, y + size + 48, size + 30);
  });

  ctx.fillStyle = '#f5f5f5';
  ctx.font = `700 44px ${source}`;
  ctx.fillText('Faça parte da Legião', STORY_WIDTH / 2, 1790);

  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('imagem não gerada'))), 'image/png'),
  );
}
