import type { SeloVisivel } from './selos';

/** An Instagram story is 1080x1920. */
export const STORY_LARGURA = 1080;
export const STORY_ALTURA = 1920;

async function carregar(src: string): Promise<HTMLImageElement> {
  const img = new Image();
  img.src = src;
  await img.decode();
  return img;
}

/** Columns and seal size that fit `n` seals in the story's middle band. */
export function gradeDoStory(n: number): { colunas: number; tamanho: number } {
  const colunas = n <= 4 ? 2 : n <= 12 ? 3 : 4;
  const linhas = Math.max(1, Math.ceil(n / colunas));
  const porLargura = (STORY_LARGURA - 160 - (colunas - 1) * 40) / colunas;
  const porAltura = 1120 / linhas - 70;
  return { colunas, tamanho: Math.floor(Math.min(300, porLargura, porAltura)) };
}

/**
 * Draws the member's earned seals on a 1080x1920 PNG for an Instagram story. Everything drawn is
 * same-origin (the seal SVGs in /conquistas), so the canvas stays exportable.
 */
export async function gerarImagemStory(nome: string, selos: SeloVisivel[]): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = STORY_LARGURA;
  canvas.height = STORY_ALTURA;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas indisponível');
  const imagens = await Promise.all(selos.map((s) => carregar(s.imagem)));

  const fundo = ctx.createLinearGradient(0, 0, 0, STORY_ALTURA);
  fundo.addColorStop(0, '#0d0d0d');
  fundo.addColorStop(0.6, '#1c0309');
  fundo.addColorStop(1, '#5c0012');
  ctx.fillStyle = fundo;
  ctx.fillRect(0, 0, STORY_LARGURA, STORY_ALTURA);

  const fonte = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
  ctx.textAlign = 'center';
  ctx.fillStyle = '#ff5c73';
  ctx.font = `800 44px ${fonte}`;
  ctx.fillText('LEGIÃO 1913', STORY_LARGURA / 2, 200);
  ctx.fillStyle = '#f5f5f5';
  ctx.font = `800 88px ${fonte}`;
  ctx.fillText('Minhas conquistas', STORY_LARGURA / 2, 330);
  ctx.fillStyle = '#b8b8b8';
  ctx.font = `500 48px ${fonte}`;
  ctx.fillText(nome, STORY_LARGURA / 2, 420, STORY_LARGURA - 160);

  const { colunas, tamanho } = gradeDoStory(selos.length);
  const linhas = Math.ceil(selos.length / colunas);
  const celulaAltura = tamanho + 70;
  const topo = 520 + (1120 - linhas * celulaAltura) / 2;
  selos.forEach((selo, i) => {
    const linha = Math.floor(i / colunas);
    const naLinha = Math.min(colunas, selos.length - linha * colunas);
    // Rows that are not full are centred.
    const inicioX = (STORY_LARGURA - (naLinha * tamanho + (naLinha - 1) * 40)) / 2;
    const x = inicioX + (i % colunas) * (tamanho + 40);
    const y = topo + linha * celulaAltura;
    ctx.drawImage(imagens[i]!, x, y, tamanho, tamanho);
    ctx.fillStyle = '#f5f5f5';
    ctx.font = `700 ${Math.round(Math.max(28, tamanho / 7))}px ${fonte}`;
    ctx.fillText(selo.nome, x + tamanho / 2, y + tamanho + 48, tamanho + 30);
  });

  ctx.fillStyle = '#f5f5f5';
  ctx.font = `700 44px ${fonte}`;
  ctx.fillText('Faça parte da Legião', STORY_LARGURA / 2, 1790);

  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('imagem não gerada'))), 'image/png'),
  );
}
