import { useSearchParams } from 'react-router';
import { PERFIS } from '@legiao/contracts/usuario';
import { PREVIA_TIPOS, type BannerPreviaQuery } from '@legiao/contracts/admin/banners';
import { errorMessage } from '../../../../shared/api/api-error';
import { BannerExclusivo } from '../../../home/components/banner-exclusivo';
import { BannerPreVenda } from '../../../home/components/banner-pre-venda';
import { EmBreveSection } from '../../../home/components/em-breve-section';
import { escolherHero } from '../../../home/lib/escolher-hero';
import '../../../home/home.css';
import { EmptyState, ErrorState, LoadingState, PageHeader, SelectInput, TextInput } from '../../ui';
import { dataHoraCurta, isoParaLocal, localParaIsoOuVazio } from '../../ordenacao/datas';
import { usePreviaQuery } from '../api/banners-api';
import { PERFIL_ROTULO } from './rotulos';

const TIPO_ROTULO: Record<(typeof PREVIA_TIPOS)[number], string> = { legionario: 'Legionário', lead: 'Lead', colaborador: 'Colaborador' };
type Tipo = (typeof PREVIA_TIPOS)[number];
type Perfil = (typeof PERFIS)[number];

/**
 * /admin/banners/previa: "what would this member see on the 12th?". The server runs the member
 * home's own functions with the chosen type, city and moment; the hero is picked here by the home's
 * own escolherHero, and every banner is drawn by the home's own components. The choice lives in the
 * URL, so a preview can be sent as a link.
 */
export function BannersPrevia() {
  const [params, setParams] = useSearchParams();
  const tipo = (PREVIA_TIPOS as readonly string[]).includes(params.get('tipo') ?? '') ? (params.get('tipo') as Tipo) : 'legionario';
  const perfil = (PERFIS as readonly string[]).includes(params.get('perfil') ?? '') ? (params.get('perfil') as Perfil) : 'geral';
  const cidade = params.get('cidade') ?? '';
  const data = params.get('data') ?? '';
  const consulta: BannerPreviaQuery = { tipo, perfil, cidade, ...(data ? { data } : {}) };
  const q = usePreviaQuery(consulta);
  const mudar = (campo: string, valor: string) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        if (valor) n.set(campo, valor);
        else n.delete(campo);
        return n;
      },
      { replace: true },
    );
  const hero = q.data ? escolherHero(q.data.principais, { perfil, lead: tipo === 'lead' }) : undefined;
  const site = q.data?.site ?? [];
  const destaque = site.filter((b) => b.bannerRegiao !== 'lancamento');
  const lancamentos = site.filter((b) => b.bannerRegiao === 'lancamento');

  return (
    <>
      <PageHeader title="Prévia dos banners" description="Escolha quem e quando: a prévia usa as mesmas regras da home dos membros (janela, cidades, público)." />
      <form className="admin-form banners-previa__filtros" onSubmit={(e) => e.preventDefault()} aria-label="Quem e quando">
        <div className="admin-form__linha">
          <SelectInput label="Tipo de membro" value={tipo} onChange={(e) => mudar('tipo', e.target.value)} options={PREVIA_TIPOS.map((t) => ({ value: t, label: TIPO_ROTULO[t] }))} />
          <SelectInput label="Perfil" value={perfil} onChange={(e) => mudar('perfil', e.target.value)} options={PERFIS.map((p) => ({ value: p, label: PERFIL_ROTULO[p] ?? p }))} />
          <TextInput label="Cidade" value={cidade} onChange={(e) => mudar('cidade', e.target.value)} placeholder="Ex.: Niterói" />
          <TextInput label="Data e hora" type="datetime-local" value={isoParaLocal(data)} onChange={(e) => mudar('data', localParaIsoOuVazio(e.target.value))} hint="Vazio: agora" />
        </div>
      </form>
      {q.isPending ? (
        <LoadingState label="Montando a prévia..." />
      ) : q.isError ? (
        <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} />
      ) : (
        <section className="banners-previa" aria-label={`Home de um ${TIPO_ROTULO[tipo].toLowerCase()} em ${dataHoraCurta(q.data.em)}`}>
          <p className="banners-previa__resumo" role="status">
            {TIPO_ROTULO[tipo]}, perfil {PERFIL_ROTULO[perfil]?.toLowerCase()}, {cidade ? `em ${cidade}` : 'sem cidade'}, em {dataHoraCurta(q.data.em)}: {site.length === 0 ? 'nenhum banner do site' : `${site.length} ${site.length === 1 ? 'banner do site' : 'banners do site'}`}.
          </p>
          <div className="banners-previa__tela">
            <h2 className="banners-previa__secao">Banner principal</h2>
            {hero ? (
              <figure className="banners-previa__hero">
                <img src={hero.urlImagemDesktop} alt={hero.textoAlternativo} width={1600} height={600} />
                <figcaption>{hero.nome}</figcaption>
              </figure>
            ) : (
              <EmptyState title="Nenhuma imagem principal para esse perfil e público" />
            )}
            <h2 className="banners-previa__secao">Destaques</h2>
            {destaque.length === 0 ? (
              <EmptyState title="Nenhum exclusivo ou pré-venda" message="Nada aberto para esse membro nesse momento." />
            ) : (
              destaque.map((b) => (b.bannerRegiao === 'exclusivo' ? <BannerExclusivo key={b.id} banner={b} /> : <BannerPreVenda key={b.id} banner={b} />))
            )}
            <h2 className="banners-previa__secao">Em breve</h2>
            {lancamentos.length === 0 ? <EmptyState title="Nenhum lançamento" /> : lancamentos.map((b) => <EmBreveSection key={b.id} banner={b} />)}
          </div>
          <p className="banners-nota">A contagem da pré-venda corre até o seu alvo a partir de agora, não da data escolhida.</p>
        </section>
      )}
    </>
  );
}
