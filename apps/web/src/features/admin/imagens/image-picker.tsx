import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fontesDaImagem, IMAGEM_USOS, type Imagem, type ImagemUso } from '@legiao/contracts/admin/imagens';
import { errorMessage } from '../../../shared/api/api-error';
import { Modal } from '../../../shared/ui/modal';
import { Can, EmptyState, ErrorState, LoadingState, notifySuccess } from '../ui';
import { enviarImagem, imagensQueryKey, useImagensQuery } from './api/imagens-api';
import { ArquivoInput } from './arquivo-input';
import './imagens.css';

/**
 * A stored picture as members get it: AVIF, then WebP, then the JPEG/PNG fallback. Works with any
 * image field value: names from this store get their sources, anything else is shown as it is.
 */
export function ImagemPicture({ url, alt = '', width, height, className }: { url: string; alt?: string; width?: number; height?: number; className?: string }) {
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
  uso: ImagemUso;
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
export function ImagePicker({ uso, label, value, onChange, error }: ImagePickerProps) {
  const id = useId();
  const [aberto, setAberto] = useState(false);
  const [w, h] = IMAGEM_USOS[uso].tamanhos[0];
  return (
    <div className={`admin-campo imagem-campo${error ? ' admin-campo--erro' : ''}`}>
      <span id={`${id}-rotulo`} className="imagem-campo__rotulo">
        {label}
      </span>
      <div className="imagem-campo__linha">
        <div className="imagem-campo__previa" style={{ aspectRatio: `${w} / ${h}` }}>
          {value ? <ImagemPicture url={value} alt={`Imagem atual: ${label}`} width={w} height={h} /> : <span>Nenhuma imagem</span>}
        </div>
        <div className="imagem-campo__acoes">
          <button type="button" className="admin-btn" onClick={() => setAberto(true)} aria-describedby={`${id}-rotulo`}>
            {value ? 'Trocar imagem' : 'Escolher imagem'}
          </button>
          <small className="admin-campo__dica">
            {IMAGEM_USOS[uso].rotulo}: {w}×{h}
          </small>
        </div>
      </div>
      {error && (
        <small className="admin-campo__erro" role="alert">
          {error}
        </small>
      )}
      {aberto && (
        <Modal titulo={`Escolher imagem: ${label}`} onClose={() => setAberto(false)}>
          <Galeria
            uso={uso}
            selecionada={value}
            onEscolher={(img) => {
              onChange(img.url);
              setAberto(false);
            }}
          />
        </Modal>
      )}
    </div>
  );
}

/** The images of one use, newest first, with an upload; `onEscolher` makes each one a choice. */
export function Galeria({ uso, selecionada, onEscolher }: { uso: ImagemUso; selecionada?: string | null; onEscolher?: (img: Imagem) => void }) {
  const [pagina, setPagina] = useState(1);
  const q = useImagensQuery(uso, pagina);
  const total = q.data ? Math.max(1, Math.ceil(q.data.total / q.data.porPagina)) : 1;
  return (
    <div className="imagens-galeria">
      <Can permission="content.write">
        <EnvioImagem uso={uso} onEnviada={onEscolher} />
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
              const conteudo = (
                <>
                  <ImagemPicture url={img.url} width={w} height={h} />
                  <span className="imagens-grade__nome">{img.arquivo}</span>
                  <span className="imagens-grade__info">
                    {img.formatoOriginal.toUpperCase()} {img.largura}×{img.altura}
                  </span>
                </>
              );
              return (
                <li key={img.id} className={img.url === selecionada ? 'imagens-grade__item--atual' : undefined}>
                  {onEscolher ? (
                    <button type="button" className="imagens-grade__escolher" onClick={() => onEscolher(img)} aria-pressed={img.url === selecionada} aria-label={`Escolher ${img.arquivo}`}>
                      {conteudo}
                    </button>
                  ) : (
                    <div className="imagens-grade__cartao">
                      {conteudo}
                      <span className="imagens-grade__info">{tamanhos(img)}</span>
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
                Página {pagina} de {total}
              </span>
              <button type="button" className="admin-btn admin-btn--pequeno" disabled={pagina <= 1} onClick={() => setPagina((p) => p - 1)}>
                Anterior
              </button>
              <button type="button" className="admin-btn admin-btn--pequeno" disabled={pagina >= total} onClick={() => setPagina((p) => p + 1)}>
                Próxima
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

const FORMATO: Record<string, string> = { avif: 'AVIF', webp: 'WebP', jpeg: 'JPEG', png: 'PNG' };
const kb = (n: number) => `${Math.max(1, Math.round(n / 1024))} KB`;
/** "640×360: AVIF 12 KB · WebP 15 KB · JPEG 31 KB": what members download at the main size. */
function tamanhos(img: Imagem) {
  const [principal] = img.variantes;
  if (!principal) return '';
  const mesmas = img.variantes.filter((v) => v.largura === principal.largura && v.altura === principal.altura);
  return `${principal.largura}×${principal.altura}: ${mesmas.map((v) => `${FORMATO[v.formato] ?? v.formato} ${kb(v.bytes)}`).join(' · ')}`;
}

function EnvioImagem({ uso, onEnviada }: { uso: ImagemUso; onEnviada?: (img: Imagem) => void }) {
  const client = useQueryClient();
  const [progresso, setProgresso] = useState<number | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [w, h] = IMAGEM_USOS[uso].tamanhos[0];
  async function enviar(file: File) {
    setErro(null);
    setProgresso(0);
    try {
      const img = await enviarImagem(file, uso, (sent, total) => setProgresso(Math.round((sent / total) * 100)));
      await client.invalidateQueries({ queryKey: imagensQueryKey });
      notifySuccess(`Imagem enviada: ${img.variantes.length} arquivos gerados (AVIF, WebP e ${img.url.endsWith('.png') ? 'PNG' : 'JPEG'}).`);
      onEnviada?.(img);
    } catch (err) {
      setErro(errorMessage(err));
    } finally {
      setProgresso(null);
    }
  }
  return (
    <div className="imagens-envio">
      <ArquivoInput label="Enviar imagem nova" accept="image/jpeg,image/png,image/webp,image/avif,image/gif" disabled={progresso !== null} resetAfterPick onFile={(f) => f && void enviar(f)} />
      <small className="admin-campo__dica">
        JPEG, PNG, WebP ou AVIF; ao menos {Math.ceil(w / 2)}×{Math.ceil(h / 2)}, ideal {w}×{h} ou maior. É recortada ao centro.
      </small>
      {progresso !== null && (
        <span role="status" className="imagens-envio__status">
          {progresso < 100 ? `Enviando... ${progresso}%` : 'Gerando os tamanhos...'}
        </span>
      )}
      {erro && (
        <p className="cupons-erro" role="alert">
          {erro}
        </p>
      )}
    </div>
  );
}
