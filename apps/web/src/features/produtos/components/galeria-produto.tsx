import { useState, type MouseEvent } from 'react';
import { ChevronIcon } from './icons';
// Its arrows are the shared carousel's (.carousel__seta).
import '../../../shared/ui/carousel.css';
import { Modal } from '../../../shared/ui/modal';
import { ProdutoImagem } from './produto-imagem';

/**
 * The edit page's gallery (spec 001 section 2.14): the main image zooms under a moving mouse
 * (hover-capable fine pointers only) and opens a larger preview on click; thumbnails switch the image.
 */
export function GaleriaProduto({ nome, imagens }: { nome: string; imagens: string[] }) {
  const [atual, setAtual] = useState(0);
  const [ampliada, setAmpliada] = useState(false);
  const [zoom, setZoom] = useState(false);
  const total = Math.max(imagens.length, 1);
  const src = imagens[atual] ?? null;

  function moverZoom(event: MouseEvent<HTMLButtonElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    if (!box.width || !box.height) return;
    const x = ((event.clientX - box.left) / box.width) * 100;
    const y = ((event.clientY - box.top) / box.height) * 100;
    event.currentTarget.style.setProperty('--zoom-x', `${x}%`);
    event.currentTarget.style.setProperty('--zoom-y', `${y}%`);
    if (!zoom) setZoom(true);
  }

  const passo = (delta: number) => setAtual((i) => (i + delta + total) % total);

  return (
    <div className="galeria">
      <button
        type="button"
        className={zoom ? 'galeria__principal galeria__principal--zoom' : 'galeria__principal'}
        aria-label={`Ampliar imagem ${atual + 1} de ${total}`}
        onMouseMove={moverZoom}
        onMouseLeave={() => setZoom(false)}
        onClick={() => {
          setZoom(false);
          setAmpliada(true);
        }}
      >
        <ProdutoImagem className="galeria__img" src={src} alt={nome} width={480} height={480} />
      </button>
      {imagens.length > 1 ? (
        <ul className="galeria__miniaturas" aria-label="Imagens do produto">
          {imagens.map((img, i) => (
            <li key={img}>
              <button
                type="button"
                className="galeria__miniatura"
                aria-label={`Ver imagem ${i + 1} de ${total}`}
                aria-current={i === atual ? 'true' : undefined}
                onClick={() => setAtual(i)}
              >
                <ProdutoImagem src={img} alt="" width={72} height={72} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {ampliada ? (
        <Modal titulo={nome} onClose={() => setAmpliada(false)} variante="preview">
          <div className="galeria__preview">
            <ProdutoImagem className="galeria__preview-img" src={src} alt={`${nome}, imagem ${atual + 1} de ${total}`} />
            {imagens.length > 1 ? (
              <div className="galeria__preview-nav">
                <button type="button" className="carousel__seta" aria-label="Imagem anterior" onClick={() => passo(-1)}>
                  <ChevronIcon direction="left" />
                </button>
                <span aria-live="polite">
                  {atual + 1} / {total}
                </span>
                <button type="button" className="carousel__seta" aria-label="Próxima imagem" onClick={() => passo(1)}>
                  <ChevronIcon direction="right" />
                </button>
              </div>
            ) : null}
          </div>
        </Modal>
      ) : null}
    </div>
  );
}
