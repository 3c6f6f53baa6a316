import { useSearchParams } from 'react-router';
import { IMAGE_USE_NAMES, IMAGE_USES, type ImageUse } from '@legiao/contracts/admin/images';
import { PageHeader } from '../ui/index';
import { Gallery } from './image-picker';
import './imagens.css';

/** /admin/imagens: every uploaded picture by use (in the URL), with the upload. */
export function ImagesPage() {
  const [search, setSearch] = useSearchParams();
  const request = search.get('uso');
  const use: ImageUse = request && (IMAGE_USE_NAMES as string[]).includes(request) ? (request as ImageUse) : 'beneficio';
  return (
    <>
      <PageHeader title="Imagens" description="Cada imagem é recortada uma vez nos tamanhos que as páginas dos membros usam e guardada em AVIF, WebP e JPEG (PNG quando tem transparência)." />
      <div className="imagens-abas" role="group" aria-label="Uso da imagem">
        {IMAGE_USE_NAMES.map((u) => (
          <button key={u} type="button" aria-pressed={u === use} className={`admin-btn admin-btn--pequeno${u === use ? ' imagens-abas--ativa' : ''}`} onClick={() => setSearch({ uso: u })}>
            {IMAGE_USES[u].rotulo}
          </button>
        ))}
      </div>
      <section aria-label={`Imagens: ${IMAGE_USES[use].rotulo}`}>
        <Gallery key={use} uso={use} />
      </section>
    </>
  );
}
