import { useEffect, useState } from 'react';
import { Carousel } from '../../../shared/ui/carousel';
import { Modal } from '../../../shared/ui/modal';
import { generateImageStory } from '../lib/story-image';
import type { VisibleSeal } from '../lib/seals';

type Image = { estado: 'gerando' } | { estado: 'pronta'; url: string } | { estado: 'erro' };

/**
 * 'Compartilhar no Instagram': the earned seals (3 per view), a 1080x1920 story image drawn in the
 * browser to download, and the steps to post it. Nothing is uploaded: the member posts it herself.
 */
export function InstagramModal({ nome: name, selos: seals, onClose }: { nome: string; selos: VisibleSeal[]; onClose: () => void }) {
  const [image, setImage] = useState<Image>({ estado: 'gerando' });

  useEffect(() => {
    let url: string | null = null;
    let alive = true;
    generateImageStory(name, seals)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        if (alive) setImage({ estado: 'pronta', url });
        else URL.revokeObjectURL(url);
      })
      .catch((error: unknown) => {
        console.warn('Não foi possível gerar a imagem do story.', error);
        if (alive) setImage({ estado: 'erro' });
      });
    return () => {
      alive = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [name, seals]);

  return (
    <Modal titulo="Compartilhe no Instagram" onClose={onClose}>
      <Carousel label="Selos para compartilhar" byView={{ base: 3, since768: 3 }} className="selos-compartilhar">
        {seals.map((s) => (
          <figure key={s.id} className="selo-mini">
            <img src={s.imagem} alt="" width={200} height={200} />
            <figcaption>{s.nome}</figcaption>
          </figure>
        ))}
      </Carousel>
      <ol className="instagram-passos">
        <li>Toque em “Baixar imagem” para salvar o story com os seus selos.</li>
        <li>Abra o Instagram e toque em “+” e depois em “Story”.</li>
        <li>Escolha a imagem salva na sua galeria.</li>
        <li>Marque a Legião e publique para mostrar suas conquistas.</li>
      </ol>
      {image.estado === 'gerando' ? <p className="modal__texto">Preparando a imagem...</p> : null}
      {image.estado === 'erro' ? (
        <p className="modal__texto" role="alert">
          Não foi possível preparar a imagem agora. Tente de novo em instantes.
        </p>
      ) : null}
      {image.estado === 'pronta' ? (
        <>
          <img className="instagram-previa" src={image.url} alt="Prévia do story com os seus selos" width={1080} height={1920} />
          <div className="modal__acoes">
            <a className="button" href={image.url} download="legiao-minhas-conquistas.png" data-autofocus>
              Baixar imagem
            </a>
          </div>
        </>
      ) : null}
    </Modal>
  );
}
