import { useSearchParams } from 'react-router';
import { IMAGEM_USO_NOMES, IMAGEM_USOS, type ImagemUso } from '@legiao/contracts/admin/imagens';
import { PageHeader } from '../ui';
import { Galeria } from './image-picker';
import './imagens.css';

/** /admin/imagens: every uploaded picture by use (in the URL), with the upload. */
export function ImagensPage() {
  const [search, setSearch] = useSearchParams();
  const pedido = search.get('uso');
  const uso: ImagemUso = pedido && (IMAGEM_USO_NOMES as string[]).includes(pedido) ? (pedido as ImagemUso) : 'beneficio';
  return (
    <>
      <PageHeader title="Imagens" description="Cada imagem é recortada uma vez nos tamanhos que as páginas dos membros usam e guardada em AVIF, WebP e JPEG (PNG quando tem transparência)." />
      <div className="imagens-abas" role="group" aria-label="Uso da imagem">
        {IMAGEM_USO_NOMES.map((u) => (
          <button key={u} type="button" aria-pressed={u === uso} className={`admin-btn admin-btn--pequeno${u === uso ? ' imagens-abas--ativa' : ''}`} onClick={() => setSearch({ uso: u })}>
            {IMAGEM_USOS[u].rotulo}
          </button>
        ))}
      </div>
      <section aria-label={`Imagens: ${IMAGEM_USOS[uso].rotulo}`}>
        <Galeria key={uso} uso={uso} />
      </section>
    </>
  );
}
