// Draws the demo benefits' pictures (flat SVG, 640x360) into apps/web/public/beneficios.
// Nothing comes from the internet. Run: pnpm --filter @legiao/api exec tsx src/features/beneficio/imagens/generate-images.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../../config.js';

const W = 640;
const H = 360;
const svg = (title: string, background: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${title}"><title>${title}</title>` +
  `<rect width="${W}" height="${H}" rx="24" fill="${background}"/>${body}</svg>\n`;
const text = (x: number, y: number, t: string, tam: number, cor: string, weight = 800) =>
  `<text x="${x}" y="${y}" font-family="Arial, Helvetica, sans-serif" font-size="${tam}" font-weight="${weight}" fill="${cor}" text-anchor="middle">${t}</text>`;
/** A thermal cup, the brand's shape. */
const cup = (x: number, y: number, s: number, cor: string) =>
  `<g transform="translate(${x},${y}) scale(${s})"><path d="M-40,-70 L40,-70 L32,70 Q30,84 16,84 L-16,84 Q-30,84 -32,70 Z" fill="${cor}"/><rect x="-46" y="-84" width="92" height="16" rx="8" fill="#e9ecef"/><rect x="-30" y="-60" width="8" height="120" fill="#fff" opacity=".25"/></g>`;
/** A coupon ticket with a perforated stub. */
const ticket = (cor: string, percentage: number) =>
  `<path d="M90,70 H550 a0,0 0 0 1 0,0 V150 a30,30 0 0 0 0,60 V290 H90 V210 a30,30 0 0 0 0,-60 Z" fill="${cor}"/>` +
  `<line x1="420" y1="84" x2="420" y2="276" stroke="#fff" stroke-width="4" stroke-dasharray="10 10" opacity=".7"/>` +
  text(250, 200, `${percentage}%`, 110, '#fff') + text(250, 250, 'OFF', 40, '#fff', 700) + cup(485, 180, 0.9, '#fff');

const DRAWINGS: Record<string, { titulo: string; svg: string }> = {
  'cupom-10': { titulo: 'Cupom 10% OFF', svg: svg('Cupom 10% OFF', '#e7f1ec', ticket('#3f8a5a', 10)) },
  'cupom-20': { titulo: 'Cupom 20% OFF', svg: svg('Cupom 20% OFF', '#e6edf7', ticket('#3c6eb4', 20)) },
  'cupom-30': { titulo: 'Cupom 30% OFF', svg: svg('Cupom 30% OFF', '#f7e9e7', ticket('#b83a32', 30)) },
  'lead-15': {
    titulo: 'Primeira compra com 15% OFF',
    svg: svg(
      'Primeira compra com 15% OFF',
      '#fdf3df',
      `<rect x="200" y="150" width="240" height="160" rx="10" fill="#e0793a"/><rect x="186" y="118" width="268" height="48" rx="10" fill="#f0a05f"/>` +
        `<rect x="306" y="118" width="28" height="192" fill="#f0c24b"/><path d="M320,118 C280,60 230,80 262,118 Z M320,118 C360,60 410,80 378,118 Z" fill="#f0c24b"/>` +
        text(320, 262, '15%', 64, '#fff'),
    ),
  },
  'missao-personalizacao': {
    titulo: 'Missão Personalize seu portal',
    svg: svg(
      'Missão Personalize seu portal',
      '#eee9f7',
      `<circle cx="320" cy="180" r="120" fill="#9d8ac7"/><circle cx="320" cy="180" r="92" fill="#fff" opacity=".18"/>` +
        `<path d="M320,90 L342,150 L406,152 L356,190 L374,252 L320,216 L266,252 L284,190 L234,152 L298,150 Z" fill="#f0c24b"/>` +
        `<path d="M292,184 L314,206 L352,164" fill="none" stroke="#5b4a8a" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>`,
    ),
  },
  'jersey-boys': {
    titulo: 'Quatro Vozes: Jersey Boys',
    svg: svg(
      'Quatro Vozes: Jersey Boys',
      '#1f2433',
      `<path d="M320,0 L140,300 H500 Z" fill="#f0c24b" opacity=".16"/><rect x="60" y="300" width="520" height="36" rx="6" fill="#7b5134"/>` +
        [170, 270, 370, 470]
          .map((x) => `<line x1="${x}" y1="300" x2="${x}" y2="170" stroke="#c9ced6" stroke-width="6"/><ellipse cx="${x}" cy="150" rx="18" ry="26" fill="#5a5f66"/><ellipse cx="${x}" cy="150" rx="10" ry="18" fill="#2d2f33"/>`)
          .join('') +
        `<path d="M110,90 q14,-30 28,0 v40" fill="none" stroke="#f0c24b" stroke-width="6"/><circle cx="104" cy="130" r="10" fill="#f0c24b"/>`,
    ),
  },
  'meninas-malvadas': {
    titulo: 'Meninas Malvadas: pré-estreia',
    svg: svg(
      'Meninas Malvadas: pré-estreia',
      '#f9d7e3',
      `<rect x="150" y="120" width="240" height="170" rx="12" fill="#2d2f33"/><path d="M150,120 L390,120 L380,80 L140,80 Z" fill="#2d2f33"/>` +
        [0, 1, 2, 3].map((i) => `<path d="M${170 + i * 56},80 L${198 + i * 56},80 L${208 + i * 56},120 L${180 + i * 56},120 Z" fill="#fff"/>`).join('') +
        `<path d="M470,150 C470,120 510,110 520,140 C530,110 570,120 570,150 C570,190 520,220 520,230 C520,220 470,190 470,150 Z" fill="#e0457b"/>` +
        `<rect x="440" y="240" width="30" height="60" rx="6" fill="#e0457b"/><rect x="444" y="210" width="22" height="36" rx="8" fill="#b8325f"/>`,
    ),
  },
  'spanta-rj': {
    titulo: 'Ingresso unificado Spanta RJ',
    svg: svg(
      'Ingresso unificado Spanta RJ',
      '#ffe3b8',
      `<circle cx="470" cy="110" r="56" fill="#f0c24b"/><path d="M0,300 C60,220 110,160 170,230 C200,170 240,90 300,160 C330,200 380,260 420,300 Z" fill="#3f8a5a"/>` +
        `<path d="M380,300 C440,250 520,230 640,260 V336 H380 Z" fill="#3c6eb4"/><rect x="0" y="300" width="640" height="60" fill="#3c6eb4"/>` +
        text(250, 340, '17 · 18 · 19', 34, '#fff') +
        `<path d="M540,190 v-50 l30,-8 v50" fill="none" stroke="#b83a32" stroke-width="6"/><circle cx="534" cy="192" r="10" fill="#b83a32"/><circle cx="564" cy="184" r="10" fill="#b83a32"/>`,
    ),
  },
  'cbe-streaming': {
    titulo: 'Clube de Benefícios: streaming',
    svg: svg(
      'Clube de Benefícios: streaming',
      '#e9ecef',
      `<rect x="150" y="70" width="340" height="200" rx="16" fill="#2d2f33"/><rect x="166" y="86" width="308" height="168" rx="8" fill="#233a5e"/>` +
        `<path d="M300,130 L360,170 L300,210 Z" fill="#fff"/><rect x="280" y="270" width="80" height="20" fill="#5a5f66"/><rect x="230" y="288" width="180" height="14" rx="7" fill="#5a5f66"/>`,
    ),
  },
  'loja-colaborador': {
    titulo: 'Loja do Colaborador',
    svg: svg(
      'Loja do Colaborador',
      '#e6f2f2',
      `<rect x="140" y="140" width="360" height="170" fill="#fff"/><path d="M120,90 H520 L500,150 H140 Z" fill="#3aa7a3"/>` +
        [0, 1, 2, 3, 4].map((i) => `<path d="M${140 + i * 72},150 a36,22 0 0 0 72,0" fill="${i % 2 ? '#3aa7a3' : '#fff'}"/>`).join('') +
        `<rect x="170" y="190" width="120" height="120" fill="#233a5e" opacity=".15"/>${cup(230, 250, 0.5, '#2d2f33')}<rect x="330" y="190" width="140" height="90" fill="#3c6eb4" opacity=".25"/>`,
    ),
  },
  'tardezinha-salvador': {
    titulo: 'Tardezinha Legião: Salvador',
    svg: svg(
      'Tardezinha Legião: Salvador',
      '#ffd29a',
      `<circle cx="320" cy="230" r="90" fill="#e0793a"/><rect x="0" y="230" width="640" height="130" fill="#3c6eb4"/>` +
        `<path d="M440,230 L452,110 L476,110 L488,230 Z" fill="#fff"/><rect x="448" y="140" width="32" height="16" fill="#b83a32"/><rect x="446" y="96" width="36" height="16" fill="#2d2f33"/>` +
        `<path d="M60,290 q40,-14 80,0 M200,320 q40,-14 80,0" fill="none" stroke="#fff" stroke-width="5" opacity=".6"/>`,
    ),
  },
  'tardezinha-niteroi': {
    titulo: 'Tardezinha Legião: Niterói',
    svg: svg(
      'Tardezinha Legião: Niterói',
      '#ffc9a8',
      `<circle cx="200" cy="220" r="80" fill="#e0793a"/><rect x="0" y="240" width="640" height="120" fill="#233a5e"/>` +
        `<path d="M360,170 Q460,120 560,170 L530,200 Q460,216 390,200 Z" fill="#eceae4"/><rect x="450" y="200" width="22" height="44" fill="#eceae4"/>` +
        `<path d="M60,290 q40,-14 80,0 M300,320 q40,-14 80,0" fill="none" stroke="#fff" stroke-width="5" opacity=".5"/>`,
    ),
  },
};

const dir = join(REPO_ROOT, 'apps/web/public/beneficios');
mkdirSync(dir, { recursive: true });
for (const [name, d] of Object.entries(DRAWINGS)) writeFileSync(join(dir, `${name}.svg`), d.svg);
console.log(`${Object.keys(DRAWINGS).length} imagens em ${dir}`);
