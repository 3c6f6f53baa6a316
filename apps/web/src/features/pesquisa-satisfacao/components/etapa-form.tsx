import {
  BANNER_SATISFACAO_MS,
  satisfacaoErrorResponseSchema,
  validarPaginaSatisfacao,
  type SatisfacaoEstado,
} from '@legiao/contracts/satisfacao';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/api-error';
import { satisfacaoQueryKey } from '../api/get-satisfacao';
import { useNotices } from '../../../shared/notices/notice-context';
import { useReiniciarSatisfacao } from '../api/reiniciar-satisfacao';
import { useResponderSatisfacao } from '../api/responder-satisfacao';
import { montarRespostas, RESPOSTA_VAZIA, type RespostaLocal, type RespostasLocais } from '../lib/respostas';
import { BarraProgresso } from './barra-progresso';
import { PerguntaCampo } from './pergunta-campo';

interface Erros {
  porPergunta: Record<number, string>;
  semResposta: number[];
}

const SEM_ERROS: Erros = { porPergunta: {}, semResposta: [] };

interface EtapaFormProps {
  hash: string;
  estado: SatisfacaoEstado & { idPesquisa: number };
  /** Moves focus to the step title (not on the first load, where the page title leads). */
  focarTitulo: boolean;
}

/**
 * One page of the survey (spec 001 sections 2.17, 4 and 5). PRÓXIMO runs the shared validation and
 * posts only a valid page; VOLTAR clears this hash's answers and the server says where to restart.
 * A failed post keeps the answers and shows the server's message (the spec would leave the loader
 * on forever; nobody can act on that).
 */
export function EtapaForm({ hash, estado, focarTitulo }: EtapaFormProps) {
  const { notify } = useNotices();
  const queryClient = useQueryClient();
  const responder = useResponderSatisfacao();
  const reiniciar = useReiniciarSatisfacao();
  const [respostas, setRespostas] = useState<RespostasLocais>({});
  const [erros, setErros] = useState<Erros>(SEM_ERROS);
  const [tentativa, setTentativa] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const tituloRef = useRef<HTMLHeadingElement>(null);
  const { pagina, perguntas } = estado;

  useEffect(() => {
    if (focarTitulo) tituloRef.current?.focus({ preventScroll: true });
  }, [focarTitulo]);

  // After a failed PRÓXIMO, the first marked question (page order) gets focus and is scrolled to.
  useEffect(() => {
    if (tentativa === 0) return;
    const primeira = perguntas.find(
      (p) => erros.porPergunta[p.idPesquisaPergunta] || erros.semResposta.includes(p.idPesquisaPergunta),
    );
    if (!primeira) return;
    const bloco = formRef.current?.querySelector<HTMLElement>(`#pergunta-${primeira.idPesquisaPergunta}`);
    const alvo = bloco?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? bloco?.querySelector<HTMLElement>('input, textarea');
    alvo?.focus({ preventScroll: true });
    bloco?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    // Only a new attempt moves focus; typing a fix must not jump around.
  }, [tentativa]);

  function alterar(idPergunta: number, valor: RespostaLocal) {
    setRespostas((atual) => ({ ...atual, [idPergunta]: valor }));
    // A question the user is fixing stops being marked; the others keep their messages.
    setErros((atual) => {
      if (!atual.porPergunta[idPergunta] && !atual.semResposta.includes(idPergunta)) return atual;
      const { [idPergunta]: _removida, ...porPergunta } = atual.porPergunta;
      return { porPergunta, semResposta: atual.semResposta.filter((id) => id !== idPergunta) };
    });
  }

  async function proximo(event: FormEvent) {
    event.preventDefault();
    if (responder.isPending || reiniciar.isPending) return;
    const enviadas = montarRespostas(estado.idPesquisa, perguntas, respostas);
    const resultado = validarPaginaSatisfacao(perguntas, enviadas);
    if (!resultado.ok) {
      setErros({ porPergunta: resultado.porPergunta, semResposta: resultado.semResposta });
      if (resultado.banner) notify({ message: resultado.banner, kind: 'error', duration: BANNER_SATISFACAO_MS });
      setTentativa((n) => n + 1);
      return;
    }
    setErros(SEM_ERROS);
    try {
      await responder.mutateAsync({ hash, respostas: enviadas });
    } catch (error) {
      notify({ message: errorMessage(error), kind: 'error' });
      falhaNoEnvio(error);
    }
  }

  /**
   * The answers stay on screen. A 400 may name questions (the server ran the same rules on its own
   * copy of them): mark those. A 409 means the server is elsewhere (another tab): load its state.
   */
  function falhaNoEnvio(error: unknown) {
    if (!(error instanceof ApiError)) return;
    if (error.status === 409) {
      void queryClient.invalidateQueries({ queryKey: satisfacaoQueryKey(hash), exact: true });
      return;
    }
    const corpo = satisfacaoErrorResponseSchema.safeParse(error.body);
    if (error.status !== 400 || !corpo.success) return;
    const porPergunta: Record<number, string> = {};
    for (const item of corpo.data.errors) {
      if (item.idPesquisaPergunta !== undefined) porPergunta[item.idPesquisaPergunta] ??= item.message;
    }
    if (Object.keys(porPergunta).length === 0) return;
    setErros({ porPergunta, semResposta: [] });
    setTentativa((n) => n + 1);
  }

  async function voltar() {
    if (responder.isPending || reiniciar.isPending) return;
    try {
      await reiniciar.mutateAsync(hash);
    } catch (error) {
      notify({ message: errorMessage(error), kind: 'error' });
    }
  }

  return (
    <form ref={formRef} className="satisfacao-form" noValidate onSubmit={(e) => void proximo(e)}>
      <BarraProgresso pagina={pagina} />
      <h2 className="satisfacao-form__titulo" ref={tituloRef} tabIndex={-1}>
        {estado.titulo}
      </h2>
      <p className="satisfacao-form__aviso">
        <span aria-hidden="true">*</span> Todas as perguntas são obrigatórias.
      </p>
      {perguntas.map((pergunta) => (
        <PerguntaCampo
          key={pergunta.idPesquisaPergunta}
          pergunta={pergunta}
          valor={respostas[pergunta.idPesquisaPergunta] ?? RESPOSTA_VAZIA}
          erro={erros.porPergunta[pergunta.idPesquisaPergunta]}
          semResposta={erros.semResposta.includes(pergunta.idPesquisaPergunta)}
          onChange={(valor) => alterar(pergunta.idPesquisaPergunta, valor)}
        />
      ))}
      <div className="satisfacao-form__acoes">
        {pagina > 1 ? (
          <button type="button" className="button button--ghost" onClick={() => void voltar()}>
            VOLTAR
          </button>
        ) : null}
        <button type="submit" className="button">
          PRÓXIMO
        </button>
      </div>
    </form>
  );
}
