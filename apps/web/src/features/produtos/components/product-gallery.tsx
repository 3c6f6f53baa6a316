import { useState, type MouseEvent } from 'react';
import { ChevronIcon } from './icons';
// Its arrows are the shared carousel's (.carousel__seta).
import '../../../shared/ui/carousel.css';
import { Modal } from '../../../shared/ui/modal';
import { ProductImage } from './product-image';

/**
 * The edit page's gallery (spec 001 section 2.14): the main image zooms under a moving mouse
 * (hover-capable fine pointers only) and opens a larger preview on click; thumbnails switch the image.
 */
export function ProductGallery({ nome: name, images }: { nome: string; images: string[] }) {
  const [current, setCurrent] = useState(0);
  const [enlarged, setEnlarged] = useState(false);
  const [zoom, setZoom] = useState(false);
  const total = Math.max(images.length, 1);
  const src = images[current] ?? null;

  function moveZoom(event: MouseEvent<HTMLButtonElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    if (!box.width || !box.height) return;
    const x = ((event.clientX - box.left) / box.width) * 100;
    const y = ((event.clientY - box.top) / box.height) * 100;
    event.currentTarget.style.setProperty('--zoom-x', `${x}%`);
    event.currentTarget.style.setProperty('--zoom-y', `${y}%`);
    if (!zoom) setZoom(true);
  }

  const step = (delta: number) => setCurrent((i) => (i + delta + total) % total);

  return (
    <div className="galeria">
      <button
        type="button"
        className={zoom ? 'galeria__principal galeria__principal--zoom' : 'galeria__principal'}
        aria-label={`Ampliar imagem ${current + 1} de ${total}`}
        onMouseMove={moveZoom}
        onMouseLeave={() => setZoom(false)}
        onClick={() => {
          setZoom(false);
          setEnlarged(true);
        }}
      >
        <ProductImage className="galeria__img" src={src} alt={name} width={480} height={480} />
      </button>
      {images.length > 1 ? (
        <ul className="galeria__miniaturas" aria-label="Imagens do produto">
          {images.map((img, i) => (
            <li key={img}>
              <button
                type="button"
                className="galeria__miniatura"
                aria-label={`Ver imagem ${i + 1} de ${total}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => setCurrent(i)}
              >
                <ProductImage src={img} alt="" width={72} height={72} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {enlarged ? (
        <Modal titulo={name} onClose={() => setEnlarged(false)} variant="preview">
          <div className="galeria__preview">
            <ProductImage className="galeria__preview-img" src={src} alt={`${name}, imagem ${current + 1} de ${total}`} />
            {images.length > 1 ? (
              <div className="galeria__preview-nav">
                <button type="button" className="carousel__seta" aria-label="Imagem anterior" onClick={() => step(-1)}>
                  <ChevronIcon direction="left" />
                </button>
                <span aria-live="polite">
                  {current + 1} / {total}
                </span>
                <button type="button" className="carousel__seta" aria-label="Próxima imagem" onClick={() => step(1)}>
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
