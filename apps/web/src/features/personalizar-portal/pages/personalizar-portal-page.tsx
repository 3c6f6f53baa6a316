import { PESQUISA_TITULO, type PesquisaEstado } from '@legiao/contracts/pesquisa';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage } from '../../../shared/api/api-error';
import { useNotices } from '../../../shared/notices/notice-context';
import { loggedUserQueryKey } from '../../../shared/session/get-logged-user';
import { BackLink } from '../../../shared/ui/back-link';
import { Loader } from '../../../shared/ui/loader';
import { extratoKey } from '../../extrato/api/get-extrato';
import { pesquisaQueryKey, usePesquisa } from '../api/get-pesquisa';
import { responderPesquisa } from '../api/responder-pesquisa';
import { PerguntaPesquisa } from '../components/pergunta-pesquisa';
import { PesquisaEncerrada } from '../components/pesquisa-encerrada';
import '../personalizar-portal.css';

/** /personalizar-portal (spec 001 section 2.16): one question at a time until the end view. */
export function PersonalizarPortalPage() {
  const queryClient = useQueryClient();
  const { notify } = useNotices();
  const pesquisa = usePesquisa();

  const responder = useMutation({
    mutationFn: (idResposta: number) => {
      const { idPesquisa, pergunta } = pesquisa.data!;
      return responderPesquisa({ idPesquisa: idPesquisa!, idPesquisaPergunta: pergunta!.idPesquisaPergunta, idRespostas: [idResposta] });
    },
    onSuccess: (estado: PesquisaEstado) => {
      queryClient.setQueryData(pesquisaQueryKey, estado);
      if (estado.finalizada) {
        // The perfil is now defined and the balance has the Enriquecimento de Perfil credit.
        void queryClient.invalidateQueries({ queryKey: loggedUserQueryKey });
        void queryClient.invalidateQueries({ queryKey: extratoKey });
      }
    },
    onError: (error) => {
      // 409: the question moved on elsewhere (another tab): show where the survey really is.
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: pesquisaQueryKey });
      else notify({ message: errorMessage(error), kind: 'error' });
    },
  });

  const estado = pesquisa.data;
  const encerrada = pesquisa.isError || (estado !== undefined && (estado.finalizada || estado.pergunta === null));

  return (
    <main id="conteudo" className="page page--narrow personalizar">
      <BackLink to="/home" />
      <h1 className="page__title">{PESQUISA_TITULO}</h1>
      {pesquisa.isPending ? <Loader label="Carregando a pesquisa..." /> : null}
      {encerrada ? <PesquisaEncerrada /> : null}
      {!encerrada && estado?.pergunta ? (
        <>
          <p className="page__text">Responda e deixe o portal com a sua cara. Toque na resposta que mais combina com você.</p>
          <PerguntaPesquisa
            pergunta={estado.pergunta}
            enviando={responder.isPending ? (responder.variables ?? null) : null}
            onResponder={(id) => responder.mutate(id)}
          />
        </>
      ) : null}
    </main>
  );
}
