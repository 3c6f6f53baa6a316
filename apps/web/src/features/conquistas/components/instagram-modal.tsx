import { useEffect, useState } from 'react';
import { Carousel } from '../../../shared/ui/carousel';
import { Modal } from '../../../shared/ui/modal';
import { gerarImagemStory } from '../lib/story-image';
import type { SeloVisivel } from '../lib/selos';

type Imagem = { estado: 'gerando' } | { estado: 'pronta'; url: string } | { estado: 'erro' };

/**
 * 'Compartilhar no Instagram': the earned seals (3 per view), a 1080x1920 story image drawn in the
 * browser to download, and the steps to post it. Nothing is uploaded: the member posts it herself.
 */
export function InstagramModal({ nome, selos, onClose }: { nome: string; selos: SeloVisivel[]; onClose: () => void }) {
  const [imagem, setImagem] = useState<Imagem>({ estado: 'gerando' });

  useEffect(() => {
    let url: string | null = null;
    let vivo = true;
    gerarImagemStory(nome, selos)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        if (vivo) setImagem({ estado: 'pronta', url });
        else URL.revokeObjectURL(url);
      })
      .catch((error: unknown) => {
        console.warn('Não foi possível gerar a imagem do story.', error);
        if (vivo) setImagem({ estado: 'erro' });
      });
    return () => {
      vivo = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [nome, selos]);

  return (
    <Modal titulo="Compartilhe no Instagram" onClose={onClose}>
      <Carousel label="Selos para compartilhar" porVisao={{ base: 3, desde768: 3 }} className="selos-compartilhar">
        {selos.map((s) => (
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
      {imagem.estado === 'gerando' ? <p className="modal__texto">Preparando a imagem...</p> : null}
      {imagem.estado === 'erro' ? (
        <p className="modal__texto" role="alert">
          Não foi possível preparar a imagem agora. Tente de novo em instantes.
        </p>
      ) : null}
      {imagem.estado === 'pronta' ? (
        <>
          <img className="instagram-previa" src={imagem.url} alt="Prévia do story com os seus selos" width={1080} height={1920} />
          <div className="modal__acoes">
            <a className="button" href={imagem.url} download="legiao-minhas-conquistas.png" data-autofocus>
              Baixar imagem
            </a>
          </div>
        </>
      ) : null}
    </Modal>
  );
}
