import { useSearchParams } from 'react-router';
import { PROFILES } from '@legiao/contracts/usuario';
import { PREVIEW_KINDS, type BannerPreviewQuery } from '@legiao/contracts/admin/banners';
import { errorMessage } from '../../../../shared/api/api-error';
import { ExclusiveBanner } from '../../../home/components/exclusive-banner';
import { PresaleBanner } from '../../../home/components/presale-banner';
import { ComingSoonSection } from '../../../home/components/coming-soon-section';
import { chooseHero } from '../../../home/lib/choose-hero';
import '../../../home/home.css';
import { EmptyState, ErrorState, LoadingState, PageHeader, SelectInput, TextInput } from '../../ui/index';
import { shortDateTime, isoToLocal, localToIsoOrEmpty } from '../../ordenacao/datas';
import { usePreviewQuery } from '../api/banners-api';
import { PROFILE_LABEL } from './rotulos';

const KIND_LABEL: Record<(typeof PREVIEW_KINDS)[number], string> = { legionario: 'Legionário', lead: 'Lead', colaborador: 'Colaborador' };
type Kind = (typeof PREVIEW_KINDS)[number];
type Profile = (typeof PROFILES)[number];

/**
 * /admin/banners/previa: "what would this member see on the 12th?". The server runs the member
 * home's own functions with the chosen type, city and moment; the hero is picked here by the home's
 * own escolherHero, and every banner is drawn by the home's own components. The choice lives in the
 * URL, so a preview can be sent as a link.
 */
export function BannersPreview() {
  const [params, setParams] = useSearchParams();
  const kind = (PREVIEW_KINDS as readonly string[]).includes(params.get('tipo') ?? '') ? (params.get('tipo') as Kind) : 'legionario';
  const profile = (PROFILES as readonly string[]).includes(params.get('perfil') ?? '') ? (params.get('perfil') as Profile) : 'geral';
  const city = params.get('cidade') ?? '';
  const data = params.get('data') ?? '';
  const lookup: BannerPreviewQuery = { tipo: kind, perfil: profile, cidade: city, ...(data ? { data } : {}) };
  const q = usePreviewQuery(lookup);
  const change = (field: string, value: string) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        if (value) n.set(field, value);
        else n.delete(field);
        return n;
      },
      { replace: true },
    );
  const hero = q.data ? chooseHero(q.data.principais, { perfil: profile, lead: kind === 'lead' }) : undefined;
  const site = q.data?.site ?? [];
  const featured = site.filter((b) => b.bannerRegiao !== 'lancamento');
  const entries = site.filter((b) => b.bannerRegiao === 'lancamento');

  return (
    <>
      <PageHeader title="Prévia dos banners" description="Escolha quem e quando: a prévia usa as mesmas regras da home dos membros (janela, cidades, público)." />
      <form className="admin-form banners-previa__filtros" onSubmit={(e) => e.preventDefault()} aria-label="Quem e quando">
        <div className="admin-form__linha">
          <SelectInput label="Tipo de membro" value={kind} onChange={(e) => change('tipo', e.target.value)} options={PREVIEW_KINDS.map((t) => ({ value: t, label: KIND_LABEL[t] }))} />
          <SelectInput label="Perfil" value={profile} onChange={(e) => change('perfil', e.target.value)} options={PROFILES.map((p) => ({ value: p, label: PROFILE_LABEL[p] ?? p }))} />
          <TextInput label="Cidade" value={city} onChange={(e) => change('cidade', e.target.value)} placeholder="Ex.: Niterói" />
          <TextInput label="Data e hora" type="datetime-local" value={isoToLocal(data)} onChange={(e) => change('data', localToIsoOrEmpty(e.target.value))} hint="Vazio: agora" />
        </div>
      </form>
      {q.isPending ? (
        <LoadingState label="Montando a prévia..." />
      ) : q.isError ? (
        <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} />
      ) : (
        <section className="banners-previa" aria-label={`Home de um ${KIND_LABEL[kind].toLowerCase()} em ${shortDateTime(q.data.em)}`}>
          <p className="banners-previa__resumo" role="status">
            {KIND_LABEL[kind]}, perfil {PROFILE_LABEL[profile]?.toLowerCase()}, {city ? `em ${city}` : 'sem cidade'}, em {shortDateTime(q.data.em)}: {site.length === 0 ? 'nenhum banner do site' : `${site.length} ${site.length === 1 ? 'banner do site' : 'banners do site'}`}.
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
            {featured.length === 0 ? (
              <EmptyState title="Nenhum exclusivo ou pré-venda" message="Nada aberto para esse membro nesse momento." />
            ) : (
              featured.map((b) => (b.bannerRegiao === 'exclusivo' ? <ExclusiveBanner key={b.id} banner={b} /> : <PresaleBanner key={b.id} banner={b} />))
            )}
            <h2 className="banners-previa__secao">Em breve</h2>
            {entries.length === 0 ? <EmptyState title="Nenhum lançamento" /> : entries.map((b) => <ComingSoonSection key={b.id} banner={b} />)}
          </div>
          <p className="banners-nota">A contagem da pré-venda corre até o seu alvo a partir de agora, não da data escolhida.</p>
        </section>
      )}
    </>
  );
}
