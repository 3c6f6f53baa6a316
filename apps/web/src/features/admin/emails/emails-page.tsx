import { useState } from 'react';
import { NavLink, useParams, useRoutes } from 'react-router';
import { EMAIL_AUDIENCE_LABELS, type EmailPreview } from '@legiao/contracts/admin/emails';
import { errorMessage } from '../../../shared/api/api-error';
import { EmptyState, ErrorState, LoadingState, notifyError, notifySuccess, PageHeader, useStaff } from '../ui';
import { useEmailPreview, useEmailTemplates, useSendTestEmail } from './api/emails-api';
import './emails.css';

/** /admin/emails/* (content.read): every e-mail the portal sends, with its sample data. */
export function EmailsArea() {
  return useRoutes([
    { index: true, element: <EmailsPage /> },
    { path: ':chave', element: <EmailsPage /> },
  ]);
}

const WIDTHS = { desktop: { label: 'Computador', px: 680 }, mobile: { label: 'Celular', px: 375 } } as const;
type Width = keyof typeof WIDTHS;

/**
 * The list of e-mails on the left, the chosen one on the right: subject, preheader, the HTML in a
 * sandboxed iframe (no scripts, no navigation, no access to this page) at desktop or mobile width,
 * the plain-text part, and "Enviar para mim" for whoever may write content.
 */
function EmailsPage() {
  const { chave: keyInUrl } = useParams();
  const list = useEmailTemplates();
  const selected = keyInUrl ?? list.data?.[0]?.chave;
  return (
    <>
      <PageHeader
        title="E-mails"
        description="Os e-mails que o portal envia, com dados de exemplo: como chegam no computador e no celular, o assunto, o texto de prévia da caixa de entrada e a versão em texto simples."
      />
      {list.isPending ? (
        <LoadingState label="Carregando os e-mails..." />
      ) : list.isError ? (
        <ErrorState message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState title="Nenhum e-mail." />
      ) : (
        <div className="emails">
          <nav aria-label="E-mails do portal" className="emails__lista">
            <ul>
              {list.data.map((e) => (
                <li key={e.chave}>
                  <NavLink to={`/admin/emails/${e.chave}`} className={() => `emails__item${e.chave === selected ? ' emails__item--ativo' : ''}`} aria-current={e.chave === selected ? 'page' : undefined}>
                    <strong>{e.nome}</strong>
                    <span>{e.assunto}</span>
                    <span className={`admin-selo${e.publico === 'equipe' ? ' admin-selo--ambar' : ''}`}>{EMAIL_AUDIENCE_LABELS[e.publico]}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {selected && <Preview key={selected} templateKey={selected} />}
        </div>
      )}
    </>
  );
}

function Preview({ templateKey }: { templateKey: string }) {
  const q = useEmailPreview(templateKey);
  if (q.isPending) return <LoadingState label="Montando a prévia..." />;
  if (q.isError) return <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} />;
  return <PreviewPanel preview={q.data} />;
}

function PreviewPanel({ preview }: { preview: EmailPreview }) {
  const staff = useStaff();
  const send = useSendTestEmail();
  const [width, setWidth] = useState<Width>('desktop');
  const [view, setView] = useState<'html' | 'texto'>('html');

  const sendToMe = async () => {
    try {
      notifySuccess((await send.mutateAsync(preview.chave)).message);
    } catch (e) {
      notifyError(e);
    }
  };

  return (
    <section className="emails__previa" aria-labelledby="emails-previa-titulo">
      <header className="emails__previa-cabecalho">
        <div>
          <h2 id="emails-previa-titulo">{preview.nome}</h2>
          <p>{preview.descricao}</p>
        </div>
        {staff.can('content.write') && (
          <button type="button" className="admin-btn admin-btn--primario" onClick={() => void sendToMe()} disabled={send.isPending}>
            {send.isPending ? 'Enviando...' : 'Enviar para mim'}
          </button>
        )}
      </header>
      <dl className="emails__meta">
        <dt>Assunto</dt>
        <dd data-testid="email-assunto">{preview.assunto}</dd>
        <dt>Prévia na caixa de entrada</dt>
        <dd data-testid="email-preheader">{preview.preheader}</dd>
        {staff.can('content.write') && (
          <>
            <dt>Enviar para mim</dt>
            <dd>
              chega em {staff.email}, com “[Teste]” no assunto
            </dd>
          </>
        )}
      </dl>
      <div className="emails__controles">
        <div role="group" aria-label="Versão">
          <button type="button" className="admin-btn admin-btn--pequeno" aria-pressed={view === 'html'} onClick={() => setView('html')}>
            HTML
          </button>
          <button type="button" className="admin-btn admin-btn--pequeno" aria-pressed={view === 'texto'} onClick={() => setView('texto')}>
            Texto simples
          </button>
        </div>
        {view === 'html' && (
          <div role="group" aria-label="Largura">
            {(Object.keys(WIDTHS) as Width[]).map((w) => (
              <button key={w} type="button" className="admin-btn admin-btn--pequeno" aria-pressed={width === w} onClick={() => setWidth(w)}>
                {WIDTHS[w].label} ({WIDTHS[w].px} px)
              </button>
            ))}
          </div>
        )}
      </div>
      {view === 'html' ? (
        // Focusable: at 680 px the frame may scroll sideways in a narrow window, and a keyboard must reach that scroll.
        <div className="emails__moldura" role="region" aria-label="Prévia do e-mail" tabIndex={0}>
          {/* sandbox="": the e-mail's HTML gets no scripts, no forms, no navigation and no access to the back office's page. */}
          <iframe title={`Prévia do e-mail: ${preview.nome}`} sandbox="" srcDoc={preview.html} width={WIDTHS[width].px} height={760} style={{ width: WIDTHS[width].px }} data-largura={width} />
        </div>
      ) : (
        <pre className="emails__texto" aria-label="Versão em texto simples">
          {preview.texto}
        </pre>
      )}
    </section>
  );
}
