import type { Category } from '@legiao/contracts';
import type { Edition, Shape } from '../../../db/seed-catalogue.js';

// Flat SVG drawings of the catalogue (400 x 400): one shape per product type, in the product's
// colour, with four views: front, mirrored back, close-up of the top, and in use (ice, steam,
// mountains or confetti by category). No text, no fonts, no external references.

const S = 400;

/** Mixes a colour with black (amount < 0) or white (amount > 0). */
export function tom(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => Math.round(amount < 0 ? c * (1 + amount) : c + (255 - c) * amount));
  return `#${ch.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

const AÇO = '#c9ced4';
const DARK_STEEL = '#8d959e';
const LID = '#34373c';

interface Drawing {
  /** The body outline: filled with the colour and used as clip path for shading and patterns. */
  body: string;
  /** Drawn behind the body (handles). */
  ago: string;
  /** Drawn over the body (lids, rims, straws). */
  front: string;
  left: number;
  right: number;
  top: number;
  half: number;
  /** Where steam rises from (the opening), when not the top of the drawing. */
  mouth?: number;
}

function shape(f: Shape, cor: string): Drawing {
  const dark = tom(cor, -0.28);
  switch (f) {
    case 'copo':
      return {
        body: 'M128,140 L272,140 L256,326 Q200,338 144,326 Z',
        ago: '',
        front: `<ellipse cx="200" cy="140" rx="72" ry="13" fill="${AÇO}"/><ellipse cx="200" cy="141" rx="62" ry="8" fill="${DARK_STEEL}"/>`,
        left: 130, right: 270, top: 127, half: 236,
      };
    case 'copo-long':
      return {
        body: 'M138,112 L262,112 L250,328 Q200,338 150,328 Z',
        ago: '',
        front: `<rect x="196" y="34" width="11" height="80" rx="5" fill="${AÇO}" transform="rotate(10 200 110)"/><rect x="130" y="94" width="140" height="24" rx="9" fill="${LID}"/><rect x="150" y="100" width="60" height="5" rx="2.5" fill="#ffffff" opacity=".25"/>`,
        left: 140, right: 260, top: 40, half: 225,
      };
    case 'caneca':
      return {
        body: 'M136,182 L264,182 L264,314 Q264,336 242,336 L158,336 Q136,336 136,314 Z',
        ago: `<path d="M258,206 C326,206 326,300 258,300" fill="none" stroke="${dark}" stroke-width="22" stroke-linecap="round"/>`,
        front: `<rect x="128" y="164" width="144" height="26" rx="11" fill="${LID}"/><rect x="186" y="168" width="44" height="8" rx="4" fill="${AÇO}"/>`,
        left: 136, right: 264, top: 164, half: 262,
      };
    case 'caneca-camping':
      return {
        body: 'M128,196 L272,196 L266,318 Q264,336 244,336 L156,336 Q136,336 134,318 Z',
        ago: `<path d="M266,214 C318,214 318,290 262,290" fill="none" stroke="${DARK_STEEL}" stroke-width="13" stroke-linecap="round"/>`,
        front: `<rect x="124" y="188" width="152" height="14" rx="7" fill="#eef0f2"/><rect x="124" y="188" width="152" height="4" rx="2" fill="${DARK_STEEL}" opacity=".5"/>`,
        left: 130, right: 270, top: 186, half: 266,
      };
    case 'tumbler':
      return {
        body: 'M146,150 L254,150 L242,328 Q200,338 158,328 Z',
        ago: '',
        front: `<path d="M138,152 L262,152 L256,130 Q200,114 144,130 Z" fill="${LID}"/><rect x="176" y="122" width="30" height="7" rx="3.5" fill="#1d1f22"/><rect x="134" y="148" width="132" height="10" rx="5" fill="${tom(LID, 0.15)}"/>`,
        left: 148, right: 252, top: 118, half: 240,
      };
    case 'tumbler-canudo':
      return {
        body: 'M128,132 L272,132 L264,246 L246,328 Q200,338 154,328 L136,246 Z',
        ago: `<path d="M266,156 L298,156 Q318,156 318,176 L318,246 Q318,266 298,266 L262,266" fill="none" stroke="${dark}" stroke-width="16" stroke-linejoin="round"/>`,
        front: `<rect x="206" y="30" width="10" height="96" rx="5" fill="${tom(cor, 0.35)}" transform="rotate(12 210 120)"/><rect x="122" y="114" width="156" height="24" rx="9" fill="${AÇO}"/><rect x="122" y="130" width="156" height="8" rx="4" fill="${DARK_STEEL}"/>`,
        left: 136, right: 264, top: 36, half: 236,
      };
    case 'garrafa':
    case 'garrafa-grande':
    case 'garrafa-mate': {
      const w = f === 'garrafa-grande' ? 138 : f === 'garrafa-mate' ? 126 : 108;
      const bodyTop = f === 'garrafa-grande' ? 142 : 150;
      const l = 200 - w / 2;
      const r = 200 + w / 2;
      const neck = f === 'garrafa-grande' ? 36 : 28;
      const body = `M${l},${bodyTop + 22} Q${l},${bodyTop} ${200 - neck - 4},${bodyTop - 8} L${200 - neck},${bodyTop - 28} L${200 + neck},${bodyTop - 28} L${200 + neck + 4},${bodyTop - 8} Q${r},${bodyTop} ${r},${bodyTop + 22} L${r},316 Q${r},336 ${r - 20},336 L${l + 20},336 Q${l},336 ${l},316 Z`;
      const lidY = bodyTop - 66;
      const lid =
        f === 'garrafa-mate'
          ? `<path d="M${200 + neck - 2},${lidY + 14} L${200 + neck + 30},${lidY + 4} L${200 + neck + 32},${lidY + 16} L${200 + neck - 2},${lidY + 30} Z" fill="${DARK_STEEL}"/><rect x="${200 - neck - 6}" y="${lidY}" width="${2 * neck + 12}" height="42" rx="9" fill="${LID}"/><rect x="${200 - 10}" y="${lidY - 12}" width="20" height="14" rx="5" fill="${LID}"/>`
          : `<path d="M${200 - 16},${lidY + 2} Q200,${lidY - 30} ${200 + 16},${lidY + 2}" fill="none" stroke="${LID}" stroke-width="8" stroke-linecap="round"/><rect x="${200 - neck - 6}" y="${lidY}" width="${2 * neck + 12}" height="42" rx="9" fill="${LID}"/>`;
      return { body, ago: '', front: `${lid}<rect x="${200 - neck - 6}" y="${lidY + 34}" width="${2 * neck + 12}" height="6" fill="#000" opacity=".25"/>`, left: l, right: r, top: lidY - 22, half: 248 };
    }
    case 'garrafa-alca': {
      const body = 'M134,170 Q134,146 166,138 L174,118 L226,118 L234,138 Q266,146 266,170 L266,316 Q266,336 246,336 L154,336 Q134,336 134,316 Z';
      return {
        body,
        ago: `<path d="M262,168 Q304,168 304,200 L304,272 Q304,304 262,304" fill="none" stroke="${LID}" stroke-width="14" stroke-linecap="round"/>`,
        front: `<rect x="162" y="64" width="76" height="58" rx="12" fill="${LID}"/><rect x="162" y="108" width="76" height="8" fill="#000" opacity=".25"/><rect x="170" y="74" width="10" height="36" rx="5" fill="#ffffff" opacity=".15"/>`,
        left: 134, right: 266, top: 64, half: 250,
      };
    }
    case 'kids':
      return {
        body: 'M154,194 Q154,172 176,168 L224,168 Q246,172 246,194 L246,318 Q246,336 228,336 L172,336 Q154,336 154,318 Z',
        ago: '',
        front: `<path d="M174,146 Q200,102 226,146" fill="none" stroke="${tom(cor, -0.35)}" stroke-width="9" stroke-linecap="round"/><rect x="192" y="112" width="16" height="30" rx="8" fill="${tom(cor, 0.55)}"/><rect x="158" y="140" width="84" height="34" rx="13" fill="${tom(cor, 0.7)}"/><rect x="158" y="164" width="84" height="8" fill="#000" opacity=".12"/>`,
        left: 154, right: 246, top: 104, half: 262,
      };
    case 'cuia':
      return {
        body: 'M138,174 Q130,246 160,302 Q176,336 200,336 Q224,336 240,302 Q270,246 262,174 Z',
        ago: '',
        front: `<line x1="214" y1="172" x2="252" y2="66" stroke="${AÇO}" stroke-width="8" stroke-linecap="round"/><path d="M252,66 Q256,52 244,48" fill="none" stroke="${AÇO}" stroke-width="8" stroke-linecap="round"/><ellipse cx="200" cy="174" rx="64" ry="15" fill="${AÇO}"/><ellipse cx="200" cy="175" rx="55" ry="10" fill="#6f8f3a"/><circle cx="186" cy="174" r="3" fill="#8fae52"/><circle cx="206" cy="177" r="2.5" fill="#8fae52"/><circle cx="222" cy="172" r="2" fill="#5a7a2c"/><line x1="214" y1="172" x2="226" y2="140" stroke="${AÇO}" stroke-width="8" stroke-linecap="round"/>`,
        left: 140, right: 260, top: 44, half: 246, mouth: 150,
      };
  }
}

function editionPattern(edition: Edition | undefined, d: Drawing, cor: string): string {
  const width = d.right - d.left;
  if (edition === 'collab') {
    const stripes = Array.from({ length: 14 }, (_, i) => `<rect x="${d.left - 40 + i * 18}" y="${d.half - 24}" width="8" height="48" fill="${tom(cor, 0.75)}" transform="skewX(-25)"/>`).join('');
    return `<rect x="${d.left}" y="${d.half - 24}" width="${width}" height="48" fill="${tom(cor, -0.35)}"/>${stripes}`;
  }
  if (edition === 'artista') {
    const waves = [-40, 0, 40]
      .map((dy, i) => {
        const y = d.half + dy;
        return `<path d="M${d.left - 10},${y} q20,-18 40,0 t40,0 t40,0 t40,0 t40,0" fill="none" stroke="${['#f6d365', '#ffffff', '#ff8a80'][i]}" stroke-width="7" stroke-linecap="round" opacity=".85"/>`;
      })
      .join('');
    return `${waves}<circle cx="${d.left + 26}" cy="${d.half - 62}" r="6" fill="#ffffff" opacity=".8"/><circle cx="${d.right - 30}" cy="${d.half + 66}" r="8" fill="#f6d365" opacity=".85"/>`;
  }
  if (edition === 'legiao') {
    const stars = [-30, 0, 30].map((dx) => star(200 + dx, d.half, 8, '#2d2f33')).join('');
    return `<rect x="${d.left}" y="${d.half - 20}" width="${width}" height="40" fill="#c9a227"/><rect x="${d.left}" y="${d.half - 20}" width="${width}" height="4" fill="#f1d77a"/>${stars}`;
  }
  // The classic emblem: a small shield.
  return `<path d="M200,${d.half - 18} L216,${d.half - 12} L214,${d.half + 6} Q208,${d.half + 16} 200,${d.half + 20} Q192,${d.half + 16} 186,${d.half + 6} L184,${d.half - 12} Z" fill="${tom(cor, 0.45)}" opacity=".9"/>`;
}

function star(cx: number, cy: number, r: number, fill: string) {
  const pts = Array.from({ length: 10 }, (_, i) => {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const rr = i % 2 ? r * 0.45 : r;
    return `${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`;
  });
  return `<polygon points="${pts.join(' ')}" fill="${fill}"/>`;
}

/** The product itself, without background. */
function product(f: Shape, cor: string, edition?: Edition): { svg: string; d: Drawing } {
  const d = shape(f, cor);
  const outline = tom(cor, -0.3);
  const svg = [
    d.ago,
    `<path d="${d.body}" fill="${cor}"/>`,
    `<g clip-path="url(#corpo)">${editionPattern(edition, d, cor)}`,
    `<rect x="${200 + (d.right - 200) * 0.35}" y="0" width="${S}" height="${S}" fill="#000" opacity=".13"/>`,
    `<rect x="${d.left + 12}" y="0" width="10" height="${S}" fill="#fff" opacity=".22"/></g>`,
    `<path d="${d.body}" fill="none" stroke="${outline}" stroke-width="2"/>`,
    d.front,
  ].join('');
  return { svg: `<defs><clipPath id="corpo"><path d="${d.body}"/></clipPath></defs>${svg}`, d };
}

const background = (cor: string, ink: string) =>
  `<rect width="${S}" height="${S}" rx="28" fill="${ink}"/><circle cx="200" cy="214" r="150" fill="${tom(cor, 0.82)}"/><ellipse cx="200" cy="340" rx="92" ry="12" fill="#000" opacity=".12"/>`;

const svg = (content: string, title: string, viewBox = `0 0 ${S} ${S}`) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" width="400" height="400" role="img" aria-label="${title}"><title>${title}</title>${content}</svg>\n`;

function scene(category: Category, d: Drawing): { antes: string; depois: string; ink: string } {
  const vapor = [0, 22, 44]
    .map((dx) => `<path d="M${(d.mouth ? 150 : 178) + dx},${(d.mouth ?? d.top) - 8} q-12,-16 0,-30 t0,-30" fill="none" stroke="#b8b2a8" stroke-width="6" stroke-linecap="round" opacity=".7"/>`)
    .join('');
  const ice = [
    [104, 300, -12],
    [284, 306, 10],
    [124, 330, 18],
    [268, 330, -20],
  ]
    .map(([x, y, a]) => `<rect x="${x! - 17}" y="${y! - 17}" width="34" height="34" rx="7" fill="#e3f4fb" stroke="#9fd2e6" stroke-width="3" opacity=".95" transform="rotate(${a} ${x} ${y})"/>`)
    .join('');
  const drops = [
    [d.left + 30, d.half - 40],
    [d.right - 34, d.half + 10],
    [d.left + 44, d.half + 52],
  ]
    .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="4" ry="6" fill="#ffffff" opacity=".7"/>`)
    .join('');
  switch (category) {
    case 'Café':
      return { ink: '#f3ebe1', antes: '<rect x="0" y="336" width="400" height="64" fill="#c8a27a" opacity=".45"/>', depois: vapor };
    case 'Mate': {
      const leaves = [
        [92, 318, -30],
        [312, 322, 30],
        [110, 346, 10],
      ]
        .map(([x, y, a]) => `<ellipse cx="${x}" cy="${y}" rx="22" ry="9" fill="#6f8f3a" transform="rotate(${a} ${x} ${y})"/>`)
        .join('');
      return { ink: '#eef1e4', antes: '', depois: vapor + leaves };
    }
    case 'Camping':
      return {
        ink: '#e6efe9',
        antes: '<circle cx="318" cy="86" r="30" fill="#f6c453"/><polygon points="0,300 90,150 170,300" fill="#9bb5a3"/><polygon points="120,300 240,120 360,300" fill="#86a490"/><polygon points="260,300 340,190 400,300" fill="#9bb5a3"/><rect x="0" y="300" width="400" height="100" fill="#7d9a6f"/>',
        depois: '',
      };
    case 'Youth': {
      const confetti = [
        [60, 70, '#f6c453'],
        [340, 60, '#ff8a80'],
        [80, 200, '#7cc6f2'],
        [330, 180, '#a98fe0'],
        [300, 110, '#7ed9a0'],
      ]
        .map(([x, y, c]) => star(x as number, y as number, 14, c as string))
        .join('');
      return { ink: '#fdf3e7', antes: confetti, depois: '' };
    }
    default:
      return { ink: '#e9f3f7', antes: '', depois: ice + drops };
  }
}

export interface ProductImage {
  shape: Shape;
  cor: string;
  edition?: Edition;
  categoria: Category;
  nome: string;
}

/** The four views: img, imgAlternativa, imagem3, imagem4. */
export function drawImages(p: ProductImage): [string, string, string, string] {
  const { svg: body, d } = product(p.shape, p.cor, p.edition);
  const front = svg(background(p.cor, '#f4f1ec') + body, p.nome);
  const back = svg(background(p.cor, '#eef1f5') + `<g transform="translate(${S},0) scale(-1,1)">${body}</g>`, `${p.nome}, outro lado`);
  const y = Math.max(0, Math.min(S - 220, d.top - 20));
  const detail = svg(background(p.cor, '#f4f1ec') + body, `${p.nome}, detalhe`, `90 ${y} 220 220`);
  const c = scene(p.categoria, d);
  const use = svg(`<rect width="${S}" height="${S}" rx="28" fill="${c.ink}"/>${c.antes}<ellipse cx="200" cy="340" rx="92" ry="12" fill="#000" opacity=".12"/>${body}${c.depois}`, `${p.nome}, em uso`);
  return [front, back, detail, use];
}

/** The default image: a neutral cup outline. */
export function drawWithoutImage(): string {
  const d = shape('copo', '#cfcac2');
  return svg(
    `<rect width="${S}" height="${S}" rx="28" fill="#f4f1ec"/><path d="${d.body}" fill="#e4e0d8" stroke="#b9b3a8" stroke-width="4" stroke-dasharray="10 8"/><ellipse cx="200" cy="140" rx="72" ry="13" fill="none" stroke="#b9b3a8" stroke-width="4"/>`,
    'Produto sem imagem',
  );
}
