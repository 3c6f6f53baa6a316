import type { MemberLink, SurveySummary } from '@legiao/contracts/admin/pesquisas';
import { copyText } from '../../../../shared/lib/clipboard';
import { DataTable, notifyError, notifySuccess, TextFilter, useListParams, type AdminColumn } from '../../ui/index';
import { useLinksQuery } from '../api/surveys-api';

const FILTERS = ['q'] as const;
const STATUS: Record<MemberLink['situacao'], { texto: string; className: string }> = {
  'nao-iniciada': { texto: 'Não começou', className: '' },
  'em-andamento': { texto: 'Em andamento', className: 'admin-selo--ambar' },
  concluida: { texto: 'Concluída', className: 'admin-selo--verde' },
};

/** Each member's personal link (whoever has it answers as the member: content.write only). */
export function LinksTab({ pesquisa: survey }: { pesquisa: SurveySummary }) {
  const params = useListParams(FILTERS, { ordem: 'nome' });
  const q = useLinksQuery(survey.id, params.query, true);
  const copy = async (l: MemberLink) => {
    if (await copyText(l.link)) notifySuccess(`Link de ${l.nome} copiado.`);
    else notifyError(new Error('copiar'));
  };
  const columns: AdminColumn<MemberLink>[] = [
    { id: 'nome', accessorFn: (l) => l.nome, header: 'Membro', enableSorting: true, cell: ({ row }) => row.original.nome },
    { id: 'email', header: 'E-mail', cell: ({ row }) => row.original.email },
    {
      id: 'situacao',
      header: 'Nesta campanha',
      cell: ({ row }) => {
        const s = STATUS[row.original.situacao];
        return <span className={`admin-selo ${s.className}`}>{row.original.situacao === 'em-andamento' ? `Na página ${row.original.pagina}` : s.texto}</span>;
      },
    },
    {
      id: 'link',
      header: 'Link',
      cell: ({ row }) => (
        <button type="button" className="admin-btn admin-btn--pequeno" onClick={() => void copy(row.original)} aria-label={`Copiar o link de ${row.original.nome}`}>
          Copiar link
        </button>
      ),
    },
  ];
  return (
    <div>
      <p className="pesquisas-nota">Cada membro tem um link pessoal: quem o tiver responde como o membro. Envie só para a própria pessoa.</p>
      <div className="admin-filtros">
        <TextFilter label="Buscar (nome ou e-mail)" value={params.filters.q} onChange={(v) => params.setFilter('q', v)} />
      </div>
      <DataTable caption="Links pessoais da pesquisa" columns={columns} page={q.data} isLoading={q.isFetching} error={q.error} onRetry={() => void q.refetch()} params={params} getRowId={(l) => l.usuarioId} />
    </div>
  );
}
