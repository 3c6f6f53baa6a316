import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { AuditLine, EmailLine, StatementLine, ReferralLine, MemberList, MemberDetail, RedemptionLine, SessionLine } from '@legiao/contracts/admin/membros';
import { originLabel } from '@legiao/contracts/consentimento';
import { errorMessage } from '../../../shared/api/api-error';
import { Can, DataTable, ErrorState, LoadingState, PageHeader, useListParams, useStaff, type AdminColumn } from '../ui/index';
import { useMemberList, useMember } from './members-api';
import { ActionDialog, type Action } from './member-actions';
import { StateBadge, formatCpf } from './members-page';
import { MemberProducts } from './member-products';
import { MemberLaunches } from './member-launches';

// /admin/membros/:id (issue 17 item 2; ADR 0031): everything about one member, the actions
// (members.write) and the paged lists in tabs (?lista=extrato&pagina=2 in the URL).

const data = (s: string | null) => (s ? new Date(s).toLocaleDateString('pt-BR') : '—');
const dateTime = (s: string | null) => (s ? new Date(s).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' }) : '—');
const sign = (n: number) => (n > 0 ? `+${n}` : String(n));

export function MemberPage() {
  const { id = '' } = useParams();
  const q = useMember(id);
  const [action, setAction] = useState<Action | null>(null);
  if (q.isLoading) return <LoadingState />;
  if (q.error || !q.data) return <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} />;
  const m = q.data;
  return (
    <>
      <p className="membros-voltar">
        <Link to="..">← Buscar membros</Link>
      </p>
      <PageHeader title={m.nome} description={`${m.email} · cadastro em ${data(m.dataCadastro)}`} actions={<StateBadge estado={m.estado} />} />
      {m.estado === 'bloqueado' && (
        <p className="membros-alerta" role="status">
          Bloqueada em {dateTime(m.bloqueadoEm)}. O membro lê: “{m.motivoBloqueio}”.
        </p>
      )}
      {m.estado !== 'anonimizado' && (
        <Can permission="members.write">
          <Actions m={m} onAction={setAction} />
        </Can>
      )}
      <div className="membros-colunas">
        <Section titulo="Perfil">
          <dl className="membros-dl">
            <Field rotulo="CPF">{formatCpf(m.cpf)}</Field>
            <Field rotulo="Celular">{m.celular ?? '—'}</Field>
            <Field rotulo="Nascimento">{m.dataNascimento ? data(`${m.dataNascimento}T12:00:00Z`) : '—'}</Field>
            <Field rotulo="Gênero">{m.genero ?? '—'}</Field>
            <Field rotulo="Endereço">{[m.endereco, m.numero, m.complemento].filter(Boolean).join(', ') || '—'}</Field>
            <Field rotulo="Cidade">{m.cidade ? `${m.cidade}/${m.uf ?? ''}` : '—'}</Field>
            <Field rotulo="CEP">{m.cep ?? '—'}</Field>
            <Field rotulo="Tipo">{m.tipo}</Field>
            <Field rotulo="Perfil">{m.perfil ?? '—'}</Field>
            <Field rotulo="Login social">{m.social ? (m.socialProvider ?? 'sim') : 'não'}</Field>
            <Field rotulo="Ativada em">{dateTime(m.ativadoEm)}</Field>
            <Field rotulo="Código de indicação">
              <code>{m.codigoIndicacao}</code>
            </Field>
          </dl>
        </Section>
        <Section titulo="Saldo e conquistas">
          <p className="membros-saldo">
            <strong>{m.saldo}</strong> pontos
            {m.ajustesPendentes > 0 && (
              <Link className="admin-selo admin-selo--ambar" to={`../ajustes?membroId=${m.id}&status=pendente`}>
                {m.ajustesPendentes} ajuste(s) pendente(s)
              </Link>
            )}
          </p>
          <dl className="membros-dl">
            <Field rotulo="Menor nº de legião">{m.conquistas.numeroLegionario ?? '—'}</Field>
            <Field rotulo="Fundador">{m.conquistas.membroFundador ? 'sim' : 'não'}</Field>
            <Field rotulo="Tempo">nível {m.conquistas.nivelTempo} ({m.conquistas.progresso.diasDeLegiao} dias)</Field>
            <Field rotulo="Indicação">nível {m.conquistas.nivelIndicacao} ({m.conquistas.progresso.indicacoesConfirmadas} confirmadas)</Field>
            <Field rotulo="Coleção">nível {m.conquistas.nivelColecao} ({m.conquistas.progresso.produtosNaColecao} produtos)</Field>
            <Field rotulo="Experiências">{m.conquistas.experiencias.join(', ') || '—'}</Field>
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
                  {dateTime(c.data)}: {c.canal} {c.concedido ? 'concedido' : 'retirado'} ({originLabel(c.origem, c.integracao)})
                </li>
              ))}
            </ul>
          )}
          {m.indicadoPor && (
            <p>
              Indicado por {m.indicadoPor.id ? <Link to={`../${m.indicadoPor.id}`}>{m.indicadoPor.nome}</Link> : 'conta excluída'} em {data(m.indicadoPor.criadaEm)} ({m.indicadoPor.status}).
            </p>
          )}
        </Section>
      </div>
      <Section titulo={`Produtos e números de legião (${m.produtos.length})`}>
        <MemberProducts produtos={m.produtos} />
      </Section>
      <Section titulo={`Lançamentos (${m.lancamentos.length})`}>
        <MemberLaunches lancamentos={m.lancamentos} />
      </Section>
      {m.pesquisas.length > 0 && (
        <Section titulo="Pesquisas respondidas">
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
        </Section>
      )}
      <Lists id={m.id} />
      {action && <ActionDialog acao={action} m={m} onClose={() => setAction(null)} />}
    </>
  );
}

function Actions({ m, onAction }: { m: MemberDetail; onAction: (a: Action) => void }) {
  const b = (a: Action, label: string, danger = false) => (
    <button type="button" className={`admin-btn admin-btn--pequeno${danger ? ' admin-btn--perigo' : ''}`} onClick={() => onAction(a)}>
      {label}
    </button>
  );
  return (
    <div className="membros-acoes" role="group" aria-label="Ações sobre o membro">
      {b('ajuste', 'Ajustar saldo')}
      {b('compra', 'Registrar compra verificada')}
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

function Section({ titulo: title, children }: { titulo: string; children: ReactNode }) {
  return (
    <section className="membros-secao" aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function Field({ rotulo: label, children }: { rotulo: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

const TABS: { lista: MemberList; label: string }[] = [
  { lista: 'extrato', label: 'Extrato' },
  { lista: 'resgates', label: 'Resgates' },
  { lista: 'indicacoes', label: 'Indicações feitas' },
  { lista: 'sessoes', label: 'Sessões' },
  { lista: 'emails', label: 'E-mails' },
  { lista: 'auditoria', label: 'Auditoria' },
];

const COLUMNS: { [K in MemberList]: AdminColumn<never>[] } = {
  extrato: [
    { id: 'data', header: 'Data', cell: ({ row }) => dateTime((row.original as StatementLine).data) },
    { id: 'motivo', header: 'Motivo', cell: ({ row }) => (row.original as StatementLine).motivo },
    { id: 'descricao', header: 'Descrição', cell: ({ row }) => (row.original as StatementLine).descricao || '—' },
    { id: 'valor', header: 'Pontos', cell: ({ row }) => <span className={(row.original as StatementLine).valor < 0 ? 'membros-debito' : 'membros-credito'}>{sign((row.original as StatementLine).valor)}</span> },
    { id: 'saldoApos', header: 'Saldo após', cell: ({ row }) => (row.original as StatementLine).saldoApos },
  ] as AdminColumn<never>[],
  resgates: [
    { id: 'data', header: 'Data', cell: ({ row }) => dateTime((row.original as RedemptionLine).data) },
    { id: 'beneficio', header: 'Benefício', cell: ({ row }) => [(row.original as RedemptionLine).beneficio, (row.original as RedemptionLine).opcao].filter(Boolean).join(' · ') },
    { id: 'codigo', header: 'Código', cell: ({ row }) => <code>{(row.original as RedemptionLine).codigo}</code> },
    { id: 'valor', header: 'Pontos', cell: ({ row }) => (row.original as RedemptionLine).valor },
    { id: 'usadoEm', header: 'Usado em', cell: ({ row }) => dateTime((row.original as RedemptionLine).usadoEm) },
  ] as AdminColumn<never>[],
  indicacoes: [
    { id: 'criadaEm', header: 'Indicado em', cell: ({ row }) => data((row.original as ReferralLine).criadaEm) },
    { id: 'indicado', header: 'Indicado', cell: ({ row }) => { const i = (row.original as ReferralLine).indicado; return i ? <Link to={`../${i.id}`}>{i.nome}</Link> : 'Conta excluída'; } },
    { id: 'status', header: 'Situação', cell: ({ row }) => (row.original as ReferralLine).status },
    { id: 'confirmadaEm', header: 'Confirmada em', cell: ({ row }) => data((row.original as ReferralLine).confirmadaEm) },
  ] as AdminColumn<never>[],
  sessoes: [
    { id: 'criadaEm', header: 'Aberta em', cell: ({ row }) => dateTime((row.original as SessionLine).criadaEm) },
    { id: 'viva', header: 'Situação', cell: ({ row }) => { const x = row.original as SessionLine; return x.viva ? 'ativa' : x.revogadaEm ? `encerrada em ${dateTime(x.revogadaEm)}` : 'expirada'; } },
    { id: 'ip', header: 'IP', cell: ({ row }) => (row.original as SessionLine).ip ?? '—' },
    { id: 'userAgent', header: 'Navegador', cell: ({ row }) => <span className="membros-ua">{(row.original as SessionLine).userAgent ?? '—'}</span> },
  ] as AdminColumn<never>[],
  emails: [
    { id: 'criadoEm', header: 'Criado em', cell: ({ row }) => dateTime((row.original as EmailLine).criadoEm) },
    { id: 'assunto', header: 'Assunto', cell: ({ row }) => (row.original as EmailLine).assunto },
    { id: 'status', header: 'Situação', cell: ({ row }) => { const x = row.original as EmailLine; return `${x.status}${x.tentativas > 1 ? ` (${x.tentativas} tentativas)` : ''}${x.ultimoErro ? `: ${x.ultimoErro}` : ''}`; } },
    { id: 'enviadoEm', header: 'Enviado em', cell: ({ row }) => dateTime((row.original as EmailLine).enviadoEm) },
  ] as AdminColumn<never>[],
  auditoria: [
    { id: 'data', header: 'Quando', cell: ({ row }) => dateTime((row.original as AuditLine).data) },
    { id: 'acao', header: 'Ação', cell: ({ row }) => <code>{(row.original as AuditLine).acao}</code> },
    { id: 'autor', header: 'Quem', cell: ({ row }) => (row.original as AuditLine).autor?.nome ?? 'sistema' },
    { id: 'depois', header: 'Detalhe', cell: ({ row }) => <span className="membros-json">{describeValue((row.original as AuditLine).depois)}</span> },
  ] as AdminColumn<never>[],
};

function describeValue(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v !== 'object') return String(v);
  const o = v as Record<string, unknown>;
  if ('valor' in o && 'motivo' in o) return `${sign(Number(o.valor))} pontos · ${String(o.motivo)} · ${String(o.referencia ?? '')} · ${String(o.status ?? '')}`;
  return Object.entries(o).map(([k, x]) => `${k}: ${typeof x === 'object' ? JSON.stringify(x) : String(x)}`).join(' · ');
}

function Lists({ id }: { id: string }) {
  const params = useListParams(['lista'] as const, { porPagina: 10 });
  const list = (params.filters.lista as MemberList | undefined) ?? 'extrato';
  const { lista: _l, ...query } = params.query;
  const q = useMemberList<never>(id, list, { pagina: query.pagina, porPagina: query.porPagina });
  const staff = useStaff();
  const tab = TABS.find((a) => a.lista === list)!;
  return (
    <section className="membros-secao" aria-label="Histórico">
      <div className="membros-abas" role="tablist" aria-label="Histórico do membro">
        {TABS.map((a) => (
          <button key={a.lista} type="button" role="tab" aria-selected={a.lista === list} className={`membros-aba${a.lista === list ? ' membros-aba--ativa' : ''}`} onClick={() => params.setFilter('lista', a.lista === 'extrato' ? undefined : a.lista)}>
            {a.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={tab.label}>
        {list === 'auditoria' && !staff.can('audit.read') ? null : (
          <DataTable caption={tab.label} columns={COLUMNS[list]} page={q.data} isLoading={q.isFetching} error={q.error} onRetry={() => void q.refetch()} params={params} getRowId={(r) => String((r as { id: string | number }).id)} />
        )}
      </div>
    </section>
  );
}
