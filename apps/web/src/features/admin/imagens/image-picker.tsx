import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fontesDaImagem, IMAGE_USES, type Image, type ImageUse } from '@legiao/contracts/admin/images';
import { errorMessage } from '../../../shared/api/api-error';
import { Modal } from '../../../shared/ui/modal';
import { Can, EmptyState, ErrorState, LoadingState, notifySuccess } from '../ui';
import { uploadImage, imagesQueryKey, useImagesQuery } from './api/images-api';
import { FileInput } from './file-input';
import './imagens.css';

/**
 * A stored picture as members get it: AVIF, then WebP, then the JPEG/PNG fallback. Works with any
 * image field value: names from this store get their sources, anything else is shown as it is.
 */
export function ImagePicture({ url, alt = '', width, height, className }: { url: string; alt?: string; width?: number; height?: number; className?: string }) {
  const f = fontesDaImagem(url);
  return (
    <picture className={className}>
      {f && <source type="image/avif" srcSet={f.avif} />}
      {f && <source type="image/webp" srcSet={f.webp} />}
      <img src={url} alt={alt} width={width} height={height} loading="lazy" decoding="async" />
    </picture>
  );
}

interface ImagePickerProps {
  /** What the field is for: decides the sizes made and which images are offered. */
  uso: ImageUse;
  label: string;
  /** The field's value: the fallback URL of the chosen image (or an older path). */
  value: string | null | undefined;
  onChange: (url: string) => void;
  error?: string;
}

/**
 * The image field of the back office's forms (benefits, banners, catalogue): shows the current
 * picture and opens a gallery of the images of the same use, with an upload in it. Usage:
 * <ImagePicker uso="beneficio" label="Imagem" value={watch('urlImagem')} onChange={(u) => setValue('urlImagem', u, { shouldDirty: true })} />
 */
export function ImagePicker({ uso: use, label, value, onChange, error }: ImagePickerProps) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [w, h] = IMAGE_USES[use].tamanhos[0];
  return (
    <div className={`admin-campo imagem-campo${error ? ' admin-campo--erro' : ''}`}>
      <span id={`${id}-rotulo`} className="imagem-campo__rotulo">
        {label}
      </span>
      <div className="imagem-campo__linha">
        <div className="imagem-campo__previa" style={{ aspectRatio: `${w} / ${h}` }}>
          {value ? <ImagePicture url={value} alt={`Imagem atual: ${label}`} width={w} height={h} /> : <span>Nenhuma imagem</span>}
        </div>
        <div className="imagem-campo__acoes">
          <button type="button" className="admin-btn" onClick={() => setIsOpen(true)} aria-describedby={`${id}-rotulo`}>
            {value ? 'Trocar imagem' : 'Escolher imagem'}
          </button>
          <small className="admin-campo__dica">
            {IMAGE_USES[use].rotulo}: {w}×{h}
          </small>
        </div>
      </div>
      {error && (
        <small className="admin-campo__erro" role="alert">
          {error}
        </small>
      )}
      {isOpen && (
        <Modal titulo={`Escolher imagem: ${label}`} onClose={() => setIsOpen(false)}>
          <Gallery
            uso={use}
            selected={value}
            onChoose={(img) => {
              onChange(img.url);
              setIsOpen(false);
            }}
          />
        </Modal>
      )}
    </div>
  );
}

/** The images of one use, newest first, with an upload; `onEscolher` makes each one a choice. */
export function Gallery({ uso: use, selected, onChoose }: { uso: ImageUse; selected?: string | null; onChoose?: (img: Image) => void }) {
  const [page, setPage] = useState(1);
  const q = useImagesQuery(use, page);
  const total = q.data ? Math.max(1, Math.ceil(q.data.total / q.data.porPagina)) : 1;
  return (
    <div className="imagens-galeria">
      <Can permission="content.write">
        <ImageUpload uso={use} onSent={onChoose} />
      </Can>
      {q.isPending ? (
        <LoadingState label="Carregando imagens..." />
      ) : q.isError ? (
        <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} />
      ) : q.data.itens.length === 0 ? (
        <EmptyState title="Nenhuma imagem para este uso" message="Envie a primeira acima." />
      ) : (
        <>
          <ul className="imagens-grade">
            {q.data.itens.map((img) => {
              const [w, h] = [img.variantes[0]?.largura ?? 0, img.variantes[0]?.altura ?? 0];
              const content = (
                <>
                  <ImagePicture url={img.url} width={w} height={h} />
                  <span className="imagens-grade__nome">{img.arquivo}</span>
                  <span className="imagens-grade__info">
                    {img.formatoOriginal.toUpperCase()} {img.largura}×{img.altura}
                  </span>
                </>
              );
              return (
                <li key={img.id} className={img.url === selected ? 'imagens-grade__item--atual' : undefined}>
                  {onChoose ? (
                    <button type="button" className="imagens-grade__escolher" onClick={() => onChoose(img)} aria-pressed={img.url === selected} aria-label={`Escolher ${img.arquivo}`}>
                      {content}
                    </button>
                  ) : (
                    <div className="imagens-grade__cartao">
                      {content}
                      <span className="imagens-grade__info">{sizes(img)}</span>
                      <code className="imagens-grade__url">{img.url}</code>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          {total > 1 && (
            <div className="admin-paginacao">
              <span>
                Página {page} de {total}
              </span>
              <button type="button" className="admin-btn admin-btn--pequeno" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Anterior
              </button>
              <button type="button" className="admin-btn admin-btn--pequeno" disabled={page >= total} onClick={() => setPage((p) => p + 1)}>
                Próxima
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

const SHAPE: Record<string, string> = { avif: 'AVIF', webp: 'WebP', jpeg: 'JPEG', png: 'PNG' };
const kb = (n: number) => `${Math.max(1, Math.round(n / 1024))} KB`;
/** "640×360: AVIF 12 KB · WebP 15 KB · JPEG 31 KB": what members download at the main size. */
function sizes(img: Image) {
  const [main] = img.variantes;
  if (!main) return '';
  const same = img.variantes.filter((v) => v.largura === main.largura && v.altura === main.altura);
  return `${main.largura}×${main.altura}: ${same.map((v) => `${SHAPE[v.formato] ?? v.formato} ${kb(v.bytes)}`).join(' · ')}`;
}

function ImageUpload({ uso: use, onSent }: { uso: ImageUse; onSent?: (img: Image) => void }) {
  const client = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [w, h] = IMAGE_USES[use].tamanhos[0];
  async function send(file: File) {
    setError(null);
    setProgress(0);
    try {
      const img = await uploadImage(file, use, (sent, total) => setProgress(Math.round((sent / total) * 100)));
      await client.invalidateQueries({ queryKey: imagesQueryKey });
      notifySuccess(`Imagem enviada: ${img.variantes.length} arquivos gerados (AVIF, WebP e ${img.url.endsWith('.png') ? 'PNG' : 'JPEG'}).`);
      onSent?.(img);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setProgress(null);
    }
  }
  return (
    <div className="imagens-envio">
      <FileInput label="Enviar imagem nova" accept="image/jpeg,image/png,image/webp,image/avif,image/gif" disabled={progress !== null} resetAfterPick onFile={(f) => f && void send(f)} />
      <small className="admin-campo__dica">
        JPEG, PNG, WebP ou AVIF; ao menos {Math.ceil(w / 2)}×{Math.ceil(h / 2)}, ideal {w}×{h} ou maior. É recortada ao centro.
      </small>
      {progress !== null && (
        <span role="status" className="imagens-envio__status">
          {progress < 100 ? `Enviando... ${progress}%` : 'Gerando os tamanhos...'}
        </span>
      )}
      {error && (
        <p className="cupons-erro" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
