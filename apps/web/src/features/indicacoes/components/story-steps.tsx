import type { ReferralActions } from './use-referral-actions';

// The step-by-step of sharing on an Instagram story: the modal of the referral section lists it, the
// /indicacoes carousel shows one step per slide. Each step that needs a helper carries its button.

interface Step {
  titulo: string;
  texto: string;
  acao?: 'copiar' | 'baixar' | 'instagram';
}

export const STORY_STEPS: readonly Step[] = [
  { titulo: 'Copie seu link', texto: 'Ele leva seus amigos direto para o cadastro na Legião.', acao: 'copiar' },
  { titulo: 'Baixe a imagem do story', texto: 'Uma arte pronta, com o cupom de 20% OFF e o seu link.', acao: 'baixar' },
  { titulo: 'Abra o Instagram', texto: 'Crie um story e escolha a imagem que você baixou.', acao: 'instagram' },
  { titulo: 'Cole o seu link', texto: 'Toque no ícone de figurinhas, escolha "Link" e cole o link copiado.' },
  { titulo: 'Publique e acompanhe', texto: 'Quando um amigo se cadastra, ativa a conta e compra, a indicação é confirmada.' },
];

function ActionStep({ acao: action, actions }: { acao: NonNullable<Step['acao']>; actions: ReferralActions }) {
  const props = { type: 'button' as const, className: 'button button--small button--ghost', disabled: !actions.ready };
  if (action === 'copiar')
    return (
      <button {...props} onClick={() => void actions.copyLink()}>
        {actions.copied ? 'Link copiado!' : 'Copiar link'}
      </button>
    );
  if (action === 'baixar')
    return (
      <button {...props} onClick={() => void actions.downloadImage()}>
        Baixar imagem
      </button>
    );
  return (
    <button {...props} onClick={actions.openInstagram}>
      Abrir Instagram
    </button>
  );
}

export function StoryStep({ numero: number, step, actions }: { numero: number; step: Step; actions: ReferralActions }) {
  return (
    <div className="passo">
      <span className="passo__numero" aria-hidden="true">
        {number}
      </span>
      <h3 className="passo__titulo">
        <span className="visually-hidden">Passo {number}: </span>
        {step.titulo}
      </h3>
      <p className="passo__texto">{step.texto}</p>
      {step.acao ? <ActionStep acao={step.acao} actions={actions} /> : null}
    </div>
  );
}
