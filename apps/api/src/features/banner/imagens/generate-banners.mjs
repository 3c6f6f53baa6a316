// Draws the demo banners of apps/web/public/banners (docs/decisions/0012-banners-faq.md): flat SVGs
// of drinkware silhouettes on the dark brand background, hero images per perfil (1600x600 desktop,
// 750x900 mobile) and the site banners. Nothing comes from the internet.
// Run: node apps/api/src/features/banner/imagens/generate-banners.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const out = fileURLToPath(new URL('../../../../../web/public/banners', import.meta.url));
mkdirSync(out, { recursive: true });

// Drinkware silhouettes standing on a baseline y, centred on x, scale s (height ~ 300*s).
const shapes = {
  copo: (x, y, s, c) => `<g fill="${c}"><path d="M${x - 52 * s},${y - 250 * s} L${x + 52 * s},${y - 250 * s} L${x + 44 * s},${y - 12 * s} Q${x + 42 * s},${y} ${x + 30 * s},${y} L${x - 30 * s},${y} Q${x - 42 * s},${y} ${x - 44 * s},${y - 12 * s} Z"/><rect x="${x - 56 * s}" y="${y - 268 * s}" width="${112 * s}" height="${22 * s}" rx="${8 * s}"/></g>`,
  long: (x, y, s, c) => `<g fill="${c}"><path d="M${x - 40 * s},${y - 320 * s} L${x + 40 * s},${y - 320 * s} L${x + 36 * s},${y - 10 * s} Q${x + 34 * s},${y} ${x + 24 * s},${y} L${x - 24 * s},${y} Q${x - 34 * s},${y} ${x - 36 * s},${y - 10 * s} Z"/></g>`,
  garrafa: (x, y, s, c) => `<g fill="${c}"><rect x="${x - 45 * s}" y="${y - 250 * s}" width="${90 * s}" height="${250 * s}" rx="${26 * s}"/><path d="M${x - 45 * s},${y - 226 * s} Q${x - 45 * s},${y - 270 * s} ${x - 24 * s},${y - 284 * s} L${x + 24 * s},${y - 284 * s} Q${x + 45 * s},${y - 270 * s} ${x + 45 * s},${y - 226 * s} Z"/><rect x="${x - 28 * s}" y="${y - 326 * s}" width="${56 * s}" height="${46 * s}" rx="${10 * s}"/></g>`,
  grande: (x, y, s, c) => `<g fill="${c}"><rect x="${x - 58 * s}" y="${y - 300 * s}" width="${116 * s}" height="${300 * s}" rx="${30 * s}"/><rect x="${x - 34 * s}" y="${y - 350 * s}" width="${68 * s}" height="${56 * s}" rx="${12 * s}"/><path d="M${x + 30 * s},${y - 346 * s} q${40 * s},${-10 * s} ${40 * s},${30 * s}" fill="none" stroke="${c}" stroke-width="${10 * s}" stroke-linecap="round"/></g>`,
  tumbler: (x, y, s, c) => `<g fill="${c}"><path d="M${x - 60 * s},${y - 250 * s} L${x + 60 * s},${y - 250 * s} L${x + 48 * s},${y - 110 * s} L${x + 36 * s},${y - 110 * s} L${x + 32 * s},${y} L${x - 32 * s},${y} L${x - 36 * s},${y - 110 * s} L${x - 48 * s},${y - 110 * s} Z"/><rect x="${x - 64 * s}" y="${y - 272 * s}" width="${128 * s}" height="${26 * s}" rx="${10 * s}"/><rect x="${x + 8 * s}" y="${y - 360 * s}" width="${12 * s}" height="${96 * s}" rx="${6 * s}" transform="rotate(12 ${x + 14 * s} ${y - 270 * s})"/><path d="M${x + 58 * s},${y - 220 * s} q${44 * s},${6 * s} ${38 * s},${60 * s} q${-4 * s},${36 * s} ${-46 * s},${40 * s}" fill="none" stroke="${c}" stroke-width="${14 * s}" stroke-linecap="round"/></g>`,
  caneca: (x, y, s, c) => `<g fill="${c}"><rect x="${x - 60 * s}" y="${y - 180 * s}" width="${120 * s}" height="${180 * s}" rx="${18 * s}"/><path d="M${x + 56 * s},${y - 150 * s} q${60 * s},${0} ${60 * s},${50 * s} q0,${50 * s} ${-60 * s},${50 * s}" fill="none" stroke="${c}" stroke-width="${18 * s}" stroke-linecap="round"/><rect x="${x - 64 * s}" y="${y - 196 * s}" width="${128 * s}" height="${20 * s}" rx="${8 * s}"/></g>`,
  camping: (x, y, s, c) => `<g fill="${c}"><rect x="${x - 64 * s}" y="${y - 150 * s}" width="${128 * s}" height="${150 * s}" rx="${10 * s}"/><path d="M${x + 60 * s},${y - 130 * s} h${40 * s} q${12 * s},0 ${12 * s},${12 * s} v${70 * s}" fill="none" stroke="${c}" stroke-width="${14 * s}" stroke-linecap="round"/><ellipse cx="${x}" cy="${y - 150 * s}" rx="${64 * s}" ry="${10 * s}"/></g>`,
  cuia: (x, y, s, c) => `<g fill="${c}"><path d="M${x - 58 * s},${y - 170 * s} Q${x - 70 * s},${y - 40 * s} ${x - 30 * s},${y} L${x + 30 * s},${y} Q${x + 70 * s},${y - 40 * s} ${x + 58 * s},${y - 170 * s} Z"/><rect x="${x + 10 * s}" y="${y - 290 * s}" width="${10 * s}" height="${150 * s}" rx="${5 * s}" transform="rotate(14 ${x + 15 * s} ${y - 170 * s})"/><rect x="${x - 62 * s}" y="${y - 182 * s}" width="${124 * s}" height="${16 * s}" rx="${6 * s}"/></g>`,
};

const TEMAS = {
  funcional: { acento: '#3aa7a3', segundo: '#eceae4', formas: ['tumbler', 'garrafa', 'grande'], titulo: 'Performance: garrafas e tumblers para o seu ritmo' },
  outsider: { acento: '#e0793a', segundo: '#d6c3a1', formas: ['camping', 'grande', 'cuia'], titulo: 'Outdoor: canecas e garrafas de camping sob as montanhas' },
  estiloso: { acento: '#e89bb0', segundo: '#f0c24b', formas: ['long', 'caneca', 'copo'], titulo: 'Lifestyle: copos e canecas para o bar e o café' },
  geral: { acento: '#b83a32', segundo: '#eceae4', formas: ['copo', 'garrafa', 'caneca'], titulo: 'Copos, garrafas e canecas da Legião' },
  lead: { acento: '#f0c24b', segundo: '#eceae4', formas: ['garrafa', 'copo', 'tumbler'], titulo: 'Comece sua coleção: copos, garrafas e tumblers' },
};

function background(w, h, accent, id) {
  return `<defs><linearGradient id="bg-${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#121417"/><stop offset=".6" stop-color="#1d2024"/><stop offset="1" stop-color="#2d2f33"/></linearGradient>` +
    `<radialGradient id="luz-${id}" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="${accent}" stop-opacity=".55"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#bg-${id})"/>`;
}

function montanhas(w, y, c) {
  return `<path d="M0,${y} L${w * 0.18},${y - 140} L${w * 0.3},${y - 60} L${w * 0.46},${y - 200} L${w * 0.62},${y - 80} L${w * 0.78},${y - 170} L${w},${y - 40} L${w},${y} Z" fill="${c}" opacity=".18"/>`;
}

function banner(name, tema, w, h, mobile) {
  const t = TEMAS[tema];
  const id = `${name}-${mobile ? 'm' : 'd'}`;
  const base = mobile ? h - 90 : h - 70;
  const cx = mobile ? w / 2 : w * 0.72;
  const s = mobile ? 1.25 : 1.15;
  const gap = mobile ? 210 : 230;
  const [a, b, c] = t.formas;
  const parts = [
    background(w, h, t.acento, id),
    `<circle cx="${cx}" cy="${base - 180 * s}" r="${mobile ? 380 : 420}" fill="url(#luz-${id})"/>`,
    // the legion's number as a watermark
    `<text x="${mobile ? w / 2 : w * 0.08}" y="${mobile ? 300 : 430}" ${mobile ? 'text-anchor="middle"' : ''} font-family="Georgia, serif" font-size="${mobile ? 260 : 360}" font-weight="700" fill="#ffffff" opacity=".04">1913</text>`,
    tema === 'outsider' ? montanhas(w, base, t.segundo) : '',
    `<rect x="0" y="${base}" width="${w}" height="${h - base}" fill="#0d0f11" opacity=".7"/>`,
    `<rect x="0" y="${base}" width="${w}" height="3" fill="${t.acento}" opacity=".6"/>`,
    shapes[a](cx - gap, base, s * 0.85, t.segundo),
    shapes[c](cx + gap, base, s * 0.85, '#5a5f66'),
    shapes[b](cx, base, s, t.acento),
    // brand stripe
    `<rect x="${mobile ? 40 : 96}" y="${mobile ? 40 : 72}" width="${mobile ? 90 : 120}" height="8" rx="4" fill="${t.acento}"/>`,
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${t.titulo}"><title>${t.titulo}</title>${parts.join('')}</svg>\n`;
}

for (const tema of Object.keys(TEMAS)) {
  writeFileSync(`${out}/home-${tema}-desktop.svg`, banner(tema, tema, 1600, 600, false));
  writeFileSync(`${out}/home-${tema}-mobile.svg`, banner(tema, tema, 750, 900, true));
}

// Site banners: exclusive (sunset, the Tardezinha), pre-sale, launch.
function site(name, w, h, mobile, cfg) {
  const id = `${name}-${mobile ? 'm' : 'd'}`;
  const base = h - (mobile ? 70 : 50);
  const cx = mobile ? w / 2 : w * 0.74;
  const s = mobile ? 1.0 : 0.95;
  const gap = mobile ? 180 : 200;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${cfg.titulo}"><title>${cfg.titulo}</title>` +
    background(w, h, cfg.acento, id) + (cfg.extra ? cfg.extra(w, h, base, cx, mobile) : '') +
    `<circle cx="${cx}" cy="${base - 160}" r="${mobile ? 300 : 330}" fill="url(#luz-${id})"/>` +
    `<rect x="0" y="${base}" width="${w}" height="${h - base}" fill="#0d0f11" opacity=".7"/><rect x="0" y="${base}" width="${w}" height="3" fill="${cfg.acento}" opacity=".6"/>` +
    shapes[cfg.formas[0]](cx - gap, base, s * 0.85, cfg.cores[0]) + shapes[cfg.formas[2]](cx + gap, base, s * 0.85, cfg.cores[2]) + shapes[cfg.formas[1]](cx, base, s, cfg.cores[1]) +
    `<rect x="${mobile ? 40 : 96}" y="${mobile ? 40 : 64}" width="${mobile ? 90 : 120}" height="8" rx="4" fill="${cfg.acento}"/></svg>\n`;
}
const SITE = {
  exclusivo: {
    titulo: 'Tardezinha Legião: pôr do sol com copos térmicos', acento: '#e0793a', formas: ['copo', 'long', 'copo'], cores: ['#eceae4', '#e0793a', '#5a5f66'],
    extra: (w, h, base, cx, mobile) => `<circle cx="${mobile ? w * 0.2 : w * 0.42}" cy="${base - 40}" r="${mobile ? 120 : 150}" fill="#e0793a" opacity=".5"/><path d="M0,${base - 30} q${w / 8},-18 ${w / 4},0 t${w / 4},0 t${w / 4},0 t${w / 4},0" fill="none" stroke="#3aa7a3" stroke-width="4" opacity=".35"/>`,
  },
  'pre-venda': { titulo: 'Pré-venda: a nova garrafa da Legião', acento: '#f0c24b', formas: ['garrafa', 'grande', 'garrafa'], cores: ['#5a5f66', '#f0c24b', '#eceae4'] },
  lancamento: { titulo: 'Em breve: a linha Aurora', acento: '#9d8ac7', formas: ['tumbler', 'copo', 'caneca'], cores: ['#3aa7a3', '#9d8ac7', '#e89bb0'] },
};
for (const [name, cfg] of Object.entries(SITE)) {
  writeFileSync(`${out}/${name}-desktop.svg`, site(name, 1600, 600, false, cfg));
  writeFileSync(`${out}/${name}-mobile.svg`, site(name, 750, 900, true, cfg));
}
