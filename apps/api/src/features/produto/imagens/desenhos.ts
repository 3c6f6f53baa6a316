import type { Categoria } from '@legiao/contracts';
import type { Edicao, Forma } from '../../../db/seed-catalogo.js';

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
const AÇO_ESCURO = '#8d959e';
const TAMPA = '#34373c';

interface Desenho {
  /** The body outline: filled with the colour and used as clip path for shading and patterns. */
  corpo: string;
  /** Drawn behind the body (handles). */
  atras: string;
  /** Drawn over the body (lids, rims, straws). */
  frente: string;
  esquerda: number;
  direita: number;
  topo: number;
  meio: number;
  /** Where steam rises from (the opening), when not the top of the drawing. */
  boca?: number;
}

function forma(f: Forma, cor: string): Desenho {
  const escura = tom(cor, -0.28);
  switch (f) {
    case 'copo':
      return {
        corpo: 'M128,140 L272,140 L256,326 Q200,338 144,326 Z',
        atras: '',
        frente: `<ellipse cx="200" cy="140" rx="72" ry="13" fill="${AÇO}"/><ellipse cx="200" cy="141" rx="62" ry="8" fill="${AÇO_ESCURO}"/>`,
        esquerda: 130, direita: 270, topo: 127, meio: 236,
      };
    case 'copo-long':
      return {
        corpo: 'M138,112 L262,112 L250,328 Q200,338 150,328 Z',
        atras: '',
        frente: `<rect x="196" y="34" width="11" height="80" rx="5" fill="${AÇO}" transform="rotate(10 200 110)"/><rect x="130" y="94" width="140" height="24" rx="9" fill="${TAMPA}"/><rect x="150" y="100" width="60" height="5" rx="2.5" fill="#ffffff" opacity=".25"/>`,
        esquerda: 140, direita: 260, topo: 40, meio: 225,
      };
    case 'caneca':
      return {
        corpo: 'M136,182 L264,182 L264,314 Q264,336 242,336 L158,336 Q136,336 136,314 Z',
        atras: `<path d="M258,206 C326,206 326,300 258,300" fill="none" stroke="${escura}" stroke-width="22" stroke-linecap="round"/>`,
        frente: `<rect x="128" y="164" width="144" height="26" rx="11" fill="${TAMPA}"/><rect x="186" y="168" width="44" height="8" rx="4" fill="${AÇO}"/>`,
        esquerda: 136, direita: 264, topo: 164, meio: 262,
      };
    case 'caneca-camping':
      return {
        corpo: 'M128,196 L272,196 L266,318 Q264,336 244,336 L156,336 Q136,336 134,318 Z',
        atras: `<path d="M266,214 C318,214 318,290 262,290" fill="none" stroke="${AÇO_ESCURO}" stroke-width="13" stroke-linecap="round"/>`,
        frente: `<rect x="124" y="188" width="152" height="14" rx="7" fill="#eef0f2"/><rect x="124" y="188" width="152" height="4" rx="2" fill="${AÇO_ESCURO}" opacity=".5"/>`,
        esquerda: 130, direita: 270, topo: 186, meio: 266,
      };
    case 'tumbler':
      return {
        corpo: 'M146,150 L254,150 L242,328 Q200,338 158,328 Z',
        atras: '',
        frente: `<path d="M138,152 L262,152 L256,130 Q200,114 144,130 Z" fill="${TAMPA}"/><rect x="176" y="122" width="30" height="7" rx="3.5" fill="#1d1f22"/><rect x="134" y="148" width="132" height="10" rx="5" fill="${tom(TAMPA, 0.15)}"/>`,
        esquerda: 148, direita: 252, topo: 118, meio: 240,
      };
    case 'tumbler-canudo':
      return {
        corpo: 'M128,132 L272,132 L264,246 L246,328 Q200,338 154,328 L136,246 Z',
        atras: `<path d="M266,156 L298,156 Q318,156 318,176 L318,246 Q318,266 298,266 L262,266" fill="none" stroke="${escura}" stroke-width="16" stroke-linejoin="round"/>`,
        frente: `<rect x="206" y="30" width="10" height="96" rx="5" fill="${tom(cor, 0.35)}" transform="rotate(12 210 120)"/><rect x="122" y="114" width="156" height="24" rx="9" fill="${AÇO}"/><rect x="122" y="130" width="156" height="8" rx="4" fill="${AÇO_ESCURO}"/>`,
        esquerda: 136, direita: 264, topo: 36, meio: 236,
      };
    case 'garrafa':
    case 'garrafa-grande':
    case 'garrafa-mate': {
      const w = f === 'garrafa-grande' ? 138 : f === 'garrafa-mate' ? 126 : 108;
      const topoCorpo = f === 'garrafa-grande' ? 142 : 150;
      const l = 200 - w / 2;
      const r = 200 + w / 2;
      const pescoco = f === 'garrafa-grande' ? 36 : 28;
      const corpo = `M${l},${topoCorpo + 22} Q${l},${topoCorpo} ${200 - pescoco - 4},${topoCorpo - 8} L${200 - pescoco},${topoCorpo - 28} L${200 + pescoco},${topoCorpo - 28} L${200 + pescoco + 4},${topoCorpo - 8} Q${r},${topoCorpo} ${r},${topoCorpo + 22} L${r},316 Q${r},336 ${r - 20},336 L${l + 20},336 Q${l},336 ${l},316 Z`;
      const tampaY = topoCorpo - 66;
      const tampa =
        f === 'garrafa-mate'
          ? `<path d="M${200 + pescoco - 2},${tampaY + 14} L${200 + pescoco + 30},${tampaY + 4} L${200 + pescoco + 32},${tampaY + 16} L${200 + pescoco - 2},${tampaY + 30} Z" fill="${AÇO_ESCURO}"/><rect x="${200 - pescoco - 6}" y="${tampaY}" width="${2 * pescoco + 12}" height="42" rx="9" fill="${TAMPA}"/><rect x="${200 - 10}" y="${tampaY - 12}" width="20" height="14" rx="5" fill="${TAMPA}"/>`
          : `<path d="M${200 - 16},${tampaY + 2} Q200,${tampaY - 30} ${200 + 16},${tampaY + 2}" fill="none" stroke="${TAMPA}" stroke-width="8" stroke-linecap="round"/><rect x="${200 - pescoco - 6}" y="${tampaY}" width="${2 * pescoco + 12}" height="42" rx="9" fill="${TAMPA}"/>`;
      return { corpo, atras: '', frente: `${tampa}<rect x="${200 - pescoco - 6}" y="${tampaY + 34}" width="${2 * pescoco + 12}" height="6" fill="#000" opacity=".25"/>`, esquerda: l, direita: r, topo: tampaY - 22, meio: 248 };
    }
    case 'garrafa-alca': {
      const corpo = 'M134,170 Q134,146 166,138 L174,118 L226,118 L234,138 Q266,146 266,170 L266,316 Q266,336 246,336 L154,336 Q134,336 134,316 Z';
      return {
        corpo,
        atras: `<path d="M262,168 Q304,168 304,200 L304,272 Q304,304 262,304" fill="none" stroke="${TAMPA}" stroke-width="14" stroke-linecap="round"/>`,
        frente: `<rect x="162" y="64" width="76" height="58" rx="12" fill="${TAMPA}"/><rect x="162" y="108" width="76" height="8" fill="#000" opacity=".25"/><rect x="170" y="74" width="10" height="36" rx="5" fill="#ffffff" opacity=".15"/>`,
        esquerda: 134, direita: 266, topo: 64, meio: 250,
      };
    }
    case 'kids':
      return {
        corpo: 'M154,194 Q154,172 176,168 L224,168 Q246,172 246,194 L246,318 Q246,336 228,336 L172,336 Q154,336 154,318 Z',
        atras: '',
        frente: `<path d="M174,146 Q200,102 226,146" fill="none" stroke="${tom(cor, -0.35)}" stroke-width="9" stroke-linecap="round"/><rect x="192" y="112" width="16" height="30" rx="8" fill="${tom(cor, 0.55)}"/><rect x="158" y="140" width="84" height="34" rx="13" fill="${tom(cor, 0.7)}"/><rect x="158" y="164" width="84" height="8" fill="#000" opacity=".12"/>`,
        esquerda: 154, direita: 246, topo: 104, meio: 262,
      };
    case 'cuia':
      return {
        corpo: 'M138,174 Q130,246 160,302 Q176,336 200,336 Q224,336 240,302 Q270,246 262,174 Z',
        atras: '',
        frente: `<line x1="214" y1="172" x2="252" y2="66" stroke="${AÇO}" stroke-width="8" stroke-linecap="round"/><path d="M252,66 Q256,52 244,48" fill="none" stroke="${AÇO}" stroke-width="8" stroke-linecap="round"/><ellipse cx="200" cy="174" rx="64" ry="15" fill="${AÇO}"/><ellipse cx="200" cy="175" rx="55" ry="10" fill="#6f8f3a"/><circle cx="186" cy="174" r="3" fill="#8fae52"/><circle cx="206" cy="177" r="2.5" fill="#8fae52"/><circle cx="222" cy="172" r="2" fill="#5a7a2c"/><line x1="214" y1="172" x2="226" y2="140" stroke="${AÇO}" stroke-width="8" stroke-linecap="round"/>`,
        esquerda: 140, direita: 260, topo: 44, meio: 246, boca: 150,
      };
  }
}

function padrao(edicao: Edicao | undefined, d: Desenho, cor: string): string {
  const largura = d.direita - d.esquerda;
  if (edicao === 'collab') {
    const listras = Array.from({ length: 14 }, (_, i) => `<rect x="${d.esquerda - 40 + i * 18}" y="${d.meio - 24}" width="8" height="48" fill="${tom(cor, 0.75)}" transform="skewX(-25)"/>`).join('');
    return `<rect x="${d.esquerda}" y="${d.meio - 24}" width="${largura}" height="48" fill="${tom(cor, -0.35)}"/>${listras}`;
  }
  if (edicao === 'artista') {
    const ondas = [-40, 0, 40]
      .map((dy, i) => {
        const y = d.meio + dy;
        return `<path d="M${d.esquerda - 10},${y} q20,-18 40,0 t40,0 t40,0 t40,0 t40,0" fill="none" stroke="${['#f6d365', '#ffffff', '#ff8a80'][i]}" stroke-width="7" stroke-linecap="round" opacity=".85"/>`;
      })
      .join('');
    return `${ondas}<circle cx="${d.esquerda + 26}" cy="${d.meio - 62}" r="6" fill="#ffffff" opacity=".8"/><circle cx="${d.direita - 30}" cy="${d.meio + 66}" r="8" fill="#f6d365" opacity=".85"/>`;
  }
  if (edicao === 'legiao') {
    const estrelas = [-30, 0, 30].map((dx) => estrela(200 + dx, d.meio, 8, '#2d2f33')).join('');
    return `<rect x="${d.esquerda}" y="${d.meio - 20}" width="${largura}" height="40" fill="#c9a227"/><rect x="${d.esquerda}" y="${d.meio - 20}" width="${largura}" height="4" fill="#f1d77a"/>${estrelas}`;
  }
  // The classic emblem: a small shield.
  return `<path d="M200,${d.meio - 18} L216,${d.meio - 12} L214,${d.meio + 6} Q208,${d.meio + 16} 200,${d.meio + 20} Q192,${d.meio + 16} 186,${d.meio + 6} L184,${d.meio - 12} Z" fill="${tom(cor, 0.45)}" opacity=".9"/>`;
}

function estrela(cx: number, cy: number, r: number, fill: string) {
  const pts = Array.from({ length: 10 }, (_, i) => {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const rr = i % 2 ? r * 0.45 : r;
    return `${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`;
  });
  return `<polygon points="${pts.join(' ')}" fill="${fill}"/>`;
}

/** The product itself, without background. */
function produto(f: Forma, cor: string, edicao?: Edicao): { svg: string; d: Desenho } {
  const d = forma(f, cor);
  const contorno = tom(cor, -0.3);
  const svg = [
    d.atras,
    `<path d="${d.corpo}" fill="${cor}"/>`,
    `<g clip-path="url(#corpo)">${padrao(edicao, d, cor)}`,
    `<rect x="${200 + (d.direita - 200) * 0.35}" y="0" width="${S}" height="${S}" fill="#000" opacity=".13"/>`,
    `<rect x="${d.esquerda + 12}" y="0" width="10" height="${S}" fill="#fff" opacity=".22"/></g>`,
    `<path d="${d.corpo}" fill="none" stroke="${contorno}" stroke-width="2"/>`,
    d.frente,
  ].join('');
  return { svg: `<defs><clipPath id="corpo"><path d="${d.corpo}"/></clipPath></defs>${svg}`, d };
}

const fundo = (cor: string, tinta: string) =>
  `<rect width="${S}" height="${S}" rx="28" fill="${tinta}"/><circle cx="200" cy="214" r="150" fill="${tom(cor, 0.82)}"/><ellipse cx="200" cy="340" rx="92" ry="12" fill="#000" opacity=".12"/>`;

const svg = (conteudo: string, titulo: string, viewBox = `0 0 ${S} ${S}`) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" width="400" height="400" role="img" aria-label="${titulo}"><title>${titulo}</title>${conteudo}</svg>\n`;

function cena(categoria: Categoria, d: Desenho): { antes: string; depois: string; tinta: string } {
  const vapor = [0, 22, 44]
    .map((dx) => `<path d="M${(d.boca ? 150 : 178) + dx},${(d.boca ?? d.topo) - 8} q-12,-16 0,-30 t0,-30" fill="none" stroke="#b8b2a8" stroke-width="6" stroke-linecap="round" opacity=".7"/>`)
    .join('');
  const gelo = [
    [104, 300, -12],
    [284, 306, 10],
    [124, 330, 18],
    [268, 330, -20],
  ]
    .map(([x, y, a]) => `<rect x="${x! - 17}" y="${y! - 17}" width="34" height="34" rx="7" fill="#e3f4fb" stroke="#9fd2e6" stroke-width="3" opacity=".95" transform="rotate(${a} ${x} ${y})"/>`)
    .join('');
  const gotas = [
    [d.esquerda + 30, d.meio - 40],
    [d.direita - 34, d.meio + 10],
    [d.esquerda + 44, d.meio + 52],
  ]
    .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="4" ry="6" fill="#ffffff" opacity=".7"/>`)
    .join('');
  switch (categoria) {
    case 'Café':
      return { tinta: '#f3ebe1', antes: '<rect x="0" y="336" width="400" height="64" fill="#c8a27a" opacity=".45"/>', depois: vapor };
    case 'Mate': {
      const folhas = [
        [92, 318, -30],
        [312, 322, 30],
        [110, 346, 10],
      ]
        .map(([x, y, a]) => `<ellipse cx="${x}" cy="${y}" rx="22" ry="9" fill="#6f8f3a" transform="rotate(${a} ${x} ${y})"/>`)
        .join('');
      return { tinta: '#eef1e4', antes: '', depois: vapor + folhas };
    }
    case 'Camping':
      return {
        tinta: '#e6efe9',
        antes: '<circle cx="318" cy="86" r="30" fill="#f6c453"/><polygon points="0,300 90,150 170,300" fill="#9bb5a3"/><polygon points="120,300 240,120 360,300" fill="#86a490"/><polygon points="260,300 340,190 400,300" fill="#9bb5a3"/><rect x="0" y="300" width="400" height="100" fill="#7d9a6f"/>',
        depois: '',
      };
    case 'Youth': {
      const confete = [
        [60, 70, '#f6c453'],
        [340, 60, '#ff8a80'],
        [80, 200, '#7cc6f2'],
        [330, 180, '#a98fe0'],
        [300, 110, '#7ed9a0'],
      ]
        .map(([x, y, c]) => estrela(x as number, y as number, 14, c as string))
        .join('');
      return { tinta: '#fdf3e7', antes: confete, depois: '' };
    }
    default:
      return { tinta: '#e9f3f7', antes: '', depois: gelo + gotas };
  }
}

export interface ImagemProduto {
  forma: Forma;
  cor: string;
  edicao?: Edicao;
  categoria: Categoria;
  nome: string;
}

/** The four views: img, imgAlternativa, imagem3, imagem4. */
export function desenharImagens(p: ImagemProduto): [string, string, string, string] {
  const { svg: corpo, d } = produto(p.forma, p.cor, p.edicao);
  const frente = svg(fundo(p.cor, '#f4f1ec') + corpo, p.nome);
  const verso = svg(fundo(p.cor, '#eef1f5') + `<g transform="translate(${S},0) scale(-1,1)">${corpo}</g>`, `${p.nome}, outro lado`);
  const y = Math.max(0, Math.min(S - 220, d.topo - 20));
  const detalhe = svg(fundo(p.cor, '#f4f1ec') + corpo, `${p.nome}, detalhe`, `90 ${y} 220 220`);
  const c = cena(p.categoria, d);
  const uso = svg(`<rect width="${S}" height="${S}" rx="28" fill="${c.tinta}"/>${c.antes}<ellipse cx="200" cy="340" rx="92" ry="12" fill="#000" opacity=".12"/>${corpo}${c.depois}`, `${p.nome}, em uso`);
  return [frente, verso, detalhe, uso];
}

/** The default image: a neutral cup outline. */
export function desenharSemImagem(): string {
  const d = forma('copo', '#cfcac2');
  return svg(
    `<rect width="${S}" height="${S}" rx="28" fill="#f4f1ec"/><path d="${d.corpo}" fill="#e4e0d8" stroke="#b9b3a8" stroke-width="4" stroke-dasharray="10 8"/><ellipse cx="200" cy="140" rx="72" ry="13" fill="none" stroke="#b9b3a8" stroke-width="4"/>`,
    'Produto sem imagem',
  );
}
