import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BenefitCouponDetail, CouponImport, CouponLine } from '@legiao/contracts/admin/cupons';
import { errorMessage } from '../../../../shared/api/api-error';
import { Can, ConfirmDialog, ErrorState, LoadingState, notifyError, notifySuccess } from '../../ui/index';
import { cancelImport, confirmImport, couponsQueryKey, useImportQuery } from '../api/coupons-api';
import { ProgressBar } from './progress-bar';
import { bytes, number } from './formatar';

const STATUS: Record<CouponLine['situacao'], { texto: string; cor: string }> = {
  novo: { texto: 'Novo', cor: 'verde' },
  invalido: { texto: 'Inválido', cor: 'vermelho' },
  duplicado_arquivo: { texto: 'Repetido no arquivo', cor: 'ambar' },
  ja_livre: { texto: 'Já no estoque', cor: 'ambar' },
  ja_resgatado: { texto: 'Já resgatado', cor: 'ambar' },
  outro_beneficio: { texto: 'Em outro benefício', cor: 'vermelho' },
  cabecalho: { texto: 'Cabeçalho (ignorado)', cor: 'cinza' },
};

/** Steps 2 and 3: the analysis (preview and counts), the confirmation, then the progress. */
export function ImportPanel({ id, beneficio: benefit, onClose }: { id: string; beneficio: BenefitCouponDetail; onClose: () => void }) {
  const client = useQueryClient();
  const q = useImportQuery(id);
  const imp = q.data;
  const state = imp?.estado;
  // When the codes are in, the stock above and the list are read again.
  useEffect(() => {
    if (state === 'concluido') void client.invalidateQueries({ queryKey: [...couponsQueryKey] });
  }, [state, client]);

  if (q.isPending) return <LoadingState label="Carregando a importação..." />;
  if (q.isError || !imp) return <ErrorState message={errorMessage(q.error)} onRetry={() => void q.refetch()} />;
  if (imp.idBeneficio !== benefit.id) return <ErrorState message="Esta importação é de outro benefício." />;
  const day = imp.idOpcao ? benefit.pools.find((p) => p.idOpcao === imp.idOpcao)?.nomeOpcao : null;

  return (
    <section className="cupons-painel" aria-labelledby="cupons-importacao-titulo" data-estado={imp.estado}>
      <div className="cupons-painel__topo">
        <h2 id="cupons-importacao-titulo">
          {imp.arquivo}
          <small>
            {' '}
            · {bytes(imp.bytes)}
            {day ? ` · ${day}` : ''}
          </small>
        </h2>
        <button type="button" className="admin-btn admin-btn--pequeno" onClick={onClose}>
          {imp.estado === 'analisado' ? 'Voltar' : 'Enviar outro arquivo'}
        </button>
      </div>
      <Counts imp={imp} />
      {imp.estado === 'analisado' && <Analysis imp={imp} beneficio={benefit} />}
      {imp.estado === 'importando' && <Progress imp={imp} />}
      {imp.estado === 'concluido' && (
        <p className="cupons-sucesso" role="status">
          Importação concluída: {number(imp.importados)} código(s) novo(s) no estoque.
        </p>
      )}
      {imp.estado === 'falhou' && <Failed imp={imp} />}
      {imp.estado === 'cancelado' && <p className="cupons-aviso">Importação descartada: nenhum código deste arquivo entrou no estoque.</p>}
      {imp.estado === 'analisando' && <LoadingState label="Analisando o arquivo..." />}
      {(imp.estado === 'analisado' || imp.estado === 'importando') && <Sample imp={imp} />}
    </section>
  );
}

function Analysis({ imp, beneficio: benefit }: { imp: CouponImport; beneficio: BenefitCouponDetail }) {
  const client = useQueryClient();
  const id = imp.id;
  const [confirming, setConfirming] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const update = (newOne: CouponImport) => client.setQueryData([...couponsQueryKey, 'importacao', id], newOne);
  return (
    <>
      {imp.novos === 0 ? (
        <p className="cupons-aviso" role="status">
          Nenhum código novo neste arquivo: todos já estão no sistema. Não há o que importar.
        </p>
      ) : (
        <p className="cupons-painel__dica">Confira a prévia e os números. Só os {number(imp.novos)} códigos novos entram no estoque; os demais são ignorados.</p>
      )}
      <Can permission="content.write">
        <div className="cupons-acoes">
          <button type="button" className="admin-btn admin-btn--primario" disabled={imp.novos === 0} onClick={() => setConfirming(true)}>
            Confirmar importação de {number(imp.novos)} código(s)
          </button>
          <button type="button" className="admin-btn" onClick={() => setDiscarding(true)}>
            Descartar
          </button>
        </div>
      </Can>
      {confirming && (
        <ConfirmDialog
          title="Importar os códigos?"
          confirmLabel="Importar"
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            try {
              update(await confirmImport(imp.id));
              notifySuccess('Importação iniciada.');
            } catch (err) {
              notifyError(err);
              throw err;
            }
          }}
        >
          <p>
            {number(imp.novos)} código(s) novo(s) entram no estoque de <strong>{benefit.nome}</strong> e passam a ser entregues nos resgates. Códigos já existentes são ignorados.
          </p>
        </ConfirmDialog>
      )}
      {discarding && (
        <ConfirmDialog
          title="Descartar esta importação?"
          confirmLabel="Descartar"
          danger
          onClose={() => setDiscarding(false)}
          onConfirm={async () => {
            try {
              update(await cancelImport(imp.id));
              notifySuccess('Importação descartada.');
            } catch (err) {
              notifyError(err);
              throw err;
            }
          }}
        >
          <p>Nenhum código deste arquivo entra no estoque. Para importar depois, envie o arquivo de novo.</p>
        </ConfirmDialog>
      )}
    </>
  );
}

function Failed({ imp }: { imp: CouponImport }) {
  const client = useQueryClient();
  const id = imp.id;
  return (
    <div className="cupons-erro" role="alert">
      <p>{imp.erro ?? 'A importação parou.'}</p>
      <p>
        {number(imp.importados)} código(s) já entraram; continuar retoma de onde parou sem duplicar nada.
      </p>
      <Can permission="content.write">
        <button
          type="button"
          className="admin-btn admin-btn--primario"
          onClick={() =>
            void confirmImport(imp.id)
              .then((newOne) => client.setQueryData([...couponsQueryKey, 'importacao', id], newOne))
              .catch(notifyError)
          }
        >
          Continuar importação
        </button>
      </Can>
    </div>
  );
}

function Counts({ imp }: { imp: CouponImport }) {
  const items: [string, number, string][] = [
    ['Linhas lidas', imp.linhas, ''],
    ['Novos', imp.novos, 'verde'],
    ['Repetidos no arquivo', imp.duplicadosNoArquivo, 'ambar'],
    ['Já no estoque', imp.jaNoEstoque, 'ambar'],
    ['Já resgatados', imp.jaResgatados, 'ambar'],
    ['Em outro benefício', imp.emOutroBeneficio, 'vermelho'],
    ['Inválidos', imp.invalidos, 'vermelho'],
  ];
  return (
    <dl className="cupons-contagens">
      {items.map(([label, n, cor]) => (
        <div key={label} className={`cupons-contagens__item${cor && n > 0 ? ` cupons-contagens__item--${cor}` : ''}`}>
          <dt>{label}</dt>
          <dd>{number(n)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Progress({ imp }: { imp: CouponImport }) {
  return (
    <ProgressBar rotulo={`Importando: ${number(imp.processados)} de ${number(imp.preparados)} códigos verificados, ${number(imp.importados)} adicionados`} valor={imp.processados} total={imp.preparados} />
  );
}

function Sample({ imp }: { imp: CouponImport }) {
  return (
    <div className="cupons-amostra">
      <div className="admin-tabela">
        <table>
          <caption>Prévia das primeiras linhas</caption>
          <thead>
            <tr>
              <th scope="col">Linha</th>
              <th scope="col">Conteúdo</th>
              <th scope="col">Código</th>
              <th scope="col">Situação</th>
            </tr>
          </thead>
          <tbody>
            {imp.amostra.map((l) => (
              <tr key={l.linha}>
                <td>{l.linha}</td>
                <td>
                  <code>{l.texto || '(vazia)'}</code>
                </td>
                <td>{l.codigo ? <code>{l.codigo}</code> : '—'}</td>
                <td>
                  <span className={`admin-selo admin-selo--${STATUS[l.situacao].cor}`}>{STATUS[l.situacao].texto}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {imp.exemplosInvalidos.length > 0 && (
        <details className="cupons-invalidos">
          <summary>
            Linhas inválidas ({number(imp.invalidos)}){imp.invalidos > imp.exemplosInvalidos.length ? `: as ${imp.exemplosInvalidos.length} primeiras` : ''}
          </summary>
          <ul>
            {imp.exemplosInvalidos.map((l) => (
              <li key={l.linha}>
                Linha {l.linha}: <code>{l.texto}</code>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
