import type { AcoesIndicacao } from './use-acoes-indicacao';

// The step-by-step of sharing on an Instagram story: the modal of the referral section lists it, the
// /indicacoes carousel shows one step per slide. Each step that needs a helper carries its button.

interface Passo {
  titulo: string;
  texto: string;
  acao?: 'copiar' | 'baixar' | 'instagram';
}

export const PASSOS_STORY: readonly Passo[] = [
  { titulo: 'Copie seu link', texto: 'Ele leva seus amigos direto para o cadastro na Legião.', acao: 'copiar' },
  { titulo: 'Baixe a imagem do story', texto: 'Uma arte pronta, com o cupom de 20% OFF e o seu link.', acao: 'baixar' },
  { titulo: 'Abra o Instagram', texto: 'Crie um story e escolha a imagem que você baixou.', acao: 'instagram' },
  { titulo: 'Cole o seu link', texto: 'Toque no ícone de figurinhas, escolha "Link" e cole o link copiado.' },
  { titulo: 'Publique e acompanhe', texto: 'Quando um amigo se cadastra, ativa a conta e compra, a indicação é confirmada.' },
];

function AcaoPasso({ acao, acoes }: { acao: NonNullable<Passo['acao']>; acoes: AcoesIndicacao }) {
  const props = { type: 'button' as const, className: 'button button--small button--ghost', disabled: !acoes.pronto };
  if (acao === 'copiar')
    return (
      <button {...props} onClick={() => void acoes.copiarLink()}>
        {acoes.copiado ? 'Link copiado!' : 'Copiar link'}
      </button>
    );
  if (acao === 'baixar')
    return (
      <button {...props} onClick={() => void acoes.baixarImagem()}>
        Baixar imagem
      </button>
    );
  return (
    <button {...props} onClick={acoes.abrirInstagram}>
      Abrir Instagram
    </button>
  );
}

export function PassoStory({ numero, passo, acoes }: { numero: number; passo: Passo; acoes: AcoesIndicacao }) {
  return (
    <div className="passo">
      <span className="passo__numero" aria-hidden="true">
        {numero}
      </span>
      <h3 className="passo__titulo">
        <span className="visually-hidden">Passo {numero}: </span>
        {passo.titulo}
      </h3>
      <p className="passo__texto">{passo.texto}</p>
      {passo.acao ? <AcaoPasso acao={passo.acao} acoes={acoes} /> : null}
    </div>
  );
}
