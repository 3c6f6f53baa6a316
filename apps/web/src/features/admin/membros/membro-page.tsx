import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { AuditoriaLinha, EmailLinha, ExtratoLinha, IndicacaoLinha, ListaMembro, MembroDetalhe, ResgateLinha, SessaoLinha } from '@legiao/contracts/admin/membros';
import { errorMessage } from '../../../shared/api/api-error';
import { Can, DataTable, ErrorState, LoadingState, PageHeader, useListParams, useStaff, type AdminColumn } from '../ui';
import { useListaMembro, useMembro } from './membros-api';
import { AcaoDialog, type Acao } from './membro-acoes';
import { EstadoSelo, formatCpf } from './membros-page';

// /admin/membros/:id (issue 17 item 2; ADR 0031): everything about one member, the actions
// (members.write) and the paged lists in tabs (?lista=extrato&pagina=2 in the URL).

const data = (s: string | null) => (s ? new Date(s).toLocaleDateString('pt-BR') : '—');
const dataHora = (s: string | null) => (s ? new Date(s).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' }) : '—');
const sinal = (n: number) => (n > 0 ? `+${n}` : String(n));

export function MembroPage() {
  const { id = '' } = useParams();
  const q = useMembro(id);
  const [acao, setAcao] = useState<Acao | null>(null);
  if (q.isLoading) return <LoadingState />;
  if (q.error || !q.data) return <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} />;
  const m = q.data;
  return (
    <>
      <p className="membros-voltar">
        <Link to="..">← Buscar membros</Link>
      </p>
      <PageHeader title={m.nome} description={`${m.email} · cadastro em ${data(m.dataCadastro)}`} actions={<EstadoSelo estado={m.estado} />} />
      {m.estado === 'bloqueado' && (
        <p className="membros-alerta" role="status">
          Bloqueada em {dataHora(m.bloqueadoEm)}. O membro lê: “{m.motivoBloqueio}”.
        </p>
      )}
      {m.estado !== 'anonimizado' && (
        <Can permission="members.write">
          <Acoes m={m} onAcao={setAcao} />
        </Can>
      )}
      <div className="membros-colunas">
        <Secao titulo="Perfil">
          <dl className="membros-dl">
            <Campo rotulo="CPF">{formatCpf(m.cpf)}</Campo>
            <Campo rotulo="Celular">{m.celular ?? '—'}</Campo>
            <Campo rotulo="Nascimento">{m.dataNascimento ? data(`${m.dataNascimento}T12:00:00Z`) : '—'}</Campo>
            <Campo rotulo="Gênero">{m.genero ?? '—'}</Campo>
            <Campo rotulo="Endereço">{[m.endereco, m.numero, m.complemento].filter(Boolean).join(', ') || '—'}</Campo>
            <Campo rotulo="Cidade">{m.cidade ? `${m.cidade}/${m.uf ?? ''}` : '—'}</Campo>
            <Campo rotulo="CEP">{m.cep ?? '—'}</Campo>
            <Campo rotulo="Tipo">{m.tipo}</Campo>
            <Campo rotulo="Perfil">{m.perfil ?? '—'}</Campo>
            <Campo rotulo="Login social">{m.social ? (m.socialProvider ?? 'sim') : 'não'}</Campo>
            <Campo rotulo="Ativada em">{dataHora(m.ativadoEm)}</Campo>
            <Campo rotulo="Código de indicação">
              <code>{m.codigoIndicacao}</code>
            </Campo>
          </dl>
        </Secao>
        <Secao titulo="Saldo e conquistas">
          <p className="membros-saldo">
            <strong>{m.saldo}</strong> pontos
            {m.ajustesPendentes > 0 && (
              <Link className="admin-selo admin-selo--ambar" to={`../ajustes?membroId=${m.id}&status=pendente`}>
                {m.ajustesPendentes} ajuste(s) pendente(s)
              </Link>
            )}
          </p>
          <dl className="membros-dl">
            <Campo rotulo="Menor nº de legião">{m.conquistas.numeroLegionario ?? '—'}</Campo>
            <Campo rotulo="Fundador">{m.conquistas.membroFundador ? 'sim' : 'não'}</Campo>
            <Campo rotulo="Tempo">nível {m.conquistas.nivelTempo} ({m.conquistas.progresso.diasDeLegiao} dias)</Campo>
            <Campo rotulo="Indicação">nível {m.conquistas.nivelIndicacao} ({m.conquistas.progresso.indicacoesConfirmadas} confirmadas)</Campo>
            <Campo rotulo="Coleção">nível {m.conquistas.nivelColecao} ({m.conquistas.progresso.produtosNaColecao} produtos)</Campo>
            <Campo rotulo="Experiências">{m.conquistas.experiencias.join(', ') || '—'}</Campo>
          </dl>
          <h3>Consentimentos</h3>
          <p>
            E-mail {m.consentimentos.email ? 'sim' : 'não'} · SMS {m.consentimentos.sms ? 'sim' : 'não'} · WhatsApp {m.consentimentos.whatsapp ? 'sim' : 'não'}
            {m.consentimentos.optOut && ' · já retirou um consentimento'}
          </p>
          {m.historicoConsentimentos.length > 0 && (
            <ul className="membros-lista-curta">
              {m.historicoConsentimentos.slice(0, 6).map((c, i) => (
                <li key={i}>
                  {dataHora(c.data)}: {c.canal} {c.concedido ? 'concedido' : 'retirado'} ({c.origem})
                </li>
              ))}
            </ul>
          )}
          {m.indicadoPor && (
            <p>
              Indicado por {m.indicadoPor.id ? <Link to={`../${m.indicadoPor.id}`}>{m.indicadoPor.nome}</Link> : 'conta excluída'} em {data(m.indicadoPor.criadaEm)} ({m.indicadoPor.status}).
            </p>
          )}
        </Secao>
      </div>
      <Secao titulo={`Produtos e números de legião (${m.produtos.length})`}>
        {m.produtos.length === 0 ? (
          <p>Nenhum produto cadastrado.</p>
        ) : (
          <ul className="membros-lista-curta">
            {m.produtos.map((p) => (
              <li key={p.id}>
                {p.produto} ({p.sku}) · {p.quantidade} un. · {data(`${p.dataCompra}T12:00:00Z`)} · {p.localCompra} · {p.validado ? 'verificado' : 'não verificado'}
                {p.numeros.length > 0 && ` · nº ${p.numeros.join(', ')}`}
              </li>
            ))}
          </ul>
        )}
      </Secao>
      {m.pesquisas.length > 0 && (
        <Secao titulo="Pesquisas respondidas">
          {m.pesquisas.map((p, i) => (
            <details key={i} className="membros-pesquisa">
              <summary>
                {p.pesquisa} · {p.concluidaEm ? `concluída em ${data(p.concluidaEm)}` : 'em andamento'}
                {p.perfil && ` · perfil ${p.perfil}`}
              </summary>
              <ul className="membros-lista-curta">
                {p.respostas.map((r, j) => (
                  <li key={j}>
                    <strong>{r.pergunta}</strong> {r.resposta}
                  </li>
                ))}
              </ul>
            </details>
          ))}
        </Secao>
      )}
      <Listas id={m.id} />
      {acao && <AcaoDialog acao={acao} m={m} onClose={() => setAcao(null)} />}
    </>
  );
}

function Acoes({ m, onAcao }: { m: MembroDetalhe; onAcao: (a: Acao) => void }) {
  const b = (a: Acao, label: string, perigo = false) => (
    <button type="button" className={`admin-btn admin-btn--pequeno${perigo ? ' admin-btn--perigo' : ''}`} onClick={() => onAcao(a)}>
      {label}
    </button>
  );
  return (
    <div className="membros-acoes" role="group" aria-label="Ações sobre o membro">
      {b('ajuste', 'Ajustar saldo')}
      {b('perfil', 'Corrigir perfil')}
      {m.estado === 'pendente' && b('reenviar-ativacao', 'Reenviar ativação')}
      {m.estado === 'ativo' && b('link-login', 'Link de login')}
      {b('revogar-sessoes', 'Encerrar sessões')}
      {b('exportar', 'Exportar dados (LGPD)')}
      {m.estado === 'bloqueado' ? b('desbloquear', 'Desbloquear') : b('bloquear', 'Bloquear', true)}
      {b('anonimizar', 'Anonimizar', true)}
    </div>
  );
}

function Secao({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <section className="membros-secao" aria-label={titulo}>
      <h2>{titulo}</h2>
      {children}
    </section>
  );
}

function Campo({ rotulo, children }: { rotulo: string; children: ReactNode }) {
  return (
    <>
      <dt>{rotulo}</dt>
      <dd>{children}</dd>
    </>
  );
}

const ABAS: { lista: ListaMembro; label: string }[] = [
  { lista: 'extrato', label: 'Extrato' },
  { lista: 'resgates', label: 'Resgates' },
  { lista: 'indicacoes', label: 'Indicações feitas' },
  { lista: 'sessoes', label: 'Sessões' },
  { lista: 'emails', label: 'E-mails' },
  { lista: 'auditoria', label: 'Auditoria' },
];

const COLUNAS: { [K in ListaMembro]: AdminColumn<never>[] } = {
  extrato: [
    { id: 'data', header: 'Data', cell: ({ row }) => dataHora((row.original as ExtratoLinha).data) },
    { id: 'motivo', header: 'Motivo', cell: ({ row }) => (row.original as ExtratoLinha).motivo },
    { id: 'descricao', header: 'Descrição', cell: ({ row }) => (row.original as ExtratoLinha).descricao || '—' },
    { id: 'valor', header: 'Pontos', cell: ({ row }) => <span className={(row.original as ExtratoLinha).valor < 0 ? 'membros-debito' : 'membros-credito'}>{sinal((row.original as ExtratoLinha).valor)}</span> },
    { id: 'saldoApos', header: 'Saldo após', cell: ({ row }) => (row.original as ExtratoLinha).saldoApos },
  ] as AdminColumn<never>[],
  resgates: [
    { id: 'data', header: 'Data', cell: ({ row }) => dataHora((row.original as ResgateLinha).data) },
    { id: 'beneficio', header: 'Benefício', cell: ({ row }) => [(row.original as ResgateLinha).beneficio, (row.original as ResgateLinha).opcao].filter(Boolean).join(' · ') },
    { id: 'codigo', header: 'Código', cell: ({ row }) => <code>{(row.original as ResgateLinha).codigo}</code> },
    { id: 'valor', header: 'Pontos', cell: ({ row }) => (row.original as ResgateLinha).valor },
    { id: 'usadoEm', header: 'Usado em', cell: ({ row }) => dataHora((row.original as ResgateLinha).usadoEm) },
  ] as AdminColumn<never>[],
  indicacoes: [
    { id: 'criadaEm', header: 'Indicado em', cell: ({ row }) => data((row.original as IndicacaoLinha).criadaEm) },
    { id: 'indicado', header: 'Indicado', cell: ({ row }) => { const i = (row.original as IndicacaoLinha).indicado; return i ? <Link to={`../${i.id}`}>{i.nome}</Link> : 'Conta excluída'; } },
    { id: 'status', header: 'Situação', cell: ({ row }) => (row.original as IndicacaoLinha).status },
    { id: 'confirmadaEm', header: 'Confirmada em', cell: ({ row }) => data((row.original as IndicacaoLinha).confirmadaEm) },
  ] as AdminColumn<never>[],
  sessoes: [
    { id: 'criadaEm', header: 'Aberta em', cell: ({ row }) => dataHora((row.original as SessaoLinha).criadaEm) },
    { id: 'viva', header: 'Situação', cell: ({ row }) => { const x = row.original as SessaoLinha; return x.viva ? 'ativa' : x.revogadaEm ? `encerrada em ${dataHora(x.revogadaEm)}` : 'expirada'; } },
    { id: 'ip', header: 'IP', cell: ({ row }) => (row.original as SessaoLinha).ip ?? '—' },
    { id: 'userAgent', header: 'Navegador', cell: ({ row }) => <span className="membros-ua">{(row.original as SessaoLinha).userAgent ?? '—'}</span> },
  ] as AdminColumn<never>[],
  emails: [
    { id: 'criadoEm', header: 'Criado em', cell: ({ row }) => dataHora((row.original as EmailLinha).criadoEm) },
    { id: 'assunto', header: 'Assunto', cell: ({ row }) => (row.original as EmailLinha).assunto },
    { id: 'status', header: 'Situação', cell: ({ row }) => { const x = row.original as EmailLinha; return `${x.status}${x.tentativas > 1 ? ` (${x.tentativas} tentativas)` : ''}${x.ultimoErro ? `: ${x.ultimoErro}` : ''}`; } },
    { id: 'enviadoEm', header: 'Enviado em', cell: ({ row }) => dataHora((row.original as EmailLinha).enviadoEm) },
  ] as AdminColumn<never>[],
  auditoria: [
    { id: 'data', header: 'Quando', cell: ({ row }) => dataHora((row.original as AuditoriaLinha).data) },
    { id: 'acao', header: 'Ação', cell: ({ row }) => <code>{(row.original as AuditoriaLinha).acao}</code> },
    { id: 'autor', header: 'Quem', cell: ({ row }) => (row.original as AuditoriaLinha).autor?.nome ?? 'sistema' },
    { id: 'depois', header: 'Detalhe', cell: ({ row }) => <span className="membros-json">{resumo((row.original as AuditoriaLinha).depois)}</span> },
  ] as AdminColumn<never>[],
};

function resumo(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v !== 'object') return String(v);
  const o = v as Record<string, unknown>;
  if ('valor' in o && 'motivo' in o) return `${sinal(Number(o.valor))} pontos · ${String(o.motivo)} · ${String(o.referencia ?? '')} · ${String(o.status ?? '')}`;
  return Object.entries(o).map(([k, x]) => `${k}: ${typeof x === 'object' ? JSON.stringify(x) : String(x)}`).join(' · ');
}

function Listas({ id }: { id: string }) {
  const params = useListParams(['lista'] as const, { porPagina: 10 });
  const lista = (params.filters.lista as ListaMembro | undefined) ?? 'extrato';
  const { lista: _l, ...query } = params.query;
  const q = useListaMembro<never>(id, lista, { pagina: query.pagina, porPagina: query.porPagina });
  const staff = useStaff();
  const aba = ABAS.find((a) => a.lista === lista)!;
  return (
    <section className="membros-secao" aria-label="Histórico">
      <div className="membros-abas" role="tablist" aria-label="Histórico do membro">
        {ABAS.map((a) => (
          <button key={a.lista} type="button" role="tab" aria-selected={a.lista === lista} className={`membros-aba${a.lista === lista ? ' membros-aba--ativa' : ''}`} onClick={() => params.setFilter('lista', a.lista === 'extrato' ? undefined : a.lista)}>
            {a.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={aba.label}>
        {lista === 'auditoria' && !staff.can('audit.read') ? null : (
          <DataTable caption={aba.label} columns={COLUNAS[lista]} page={q.data} isLoading={q.isFetching} error={q.error} onRetry={() => void q.refetch()} params={params} getRowId={(r) => String((r as { id: string | number }).id)} />
        )}
      </div>
    </section>
  );
}
