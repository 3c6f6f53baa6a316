// Every user-facing message the API and the web app share, as the spec writes them (pt-BR).
export const MSG = {
  fallback: 'Algo deu errado na requisição',
  camposObrigatorios: 'Preencha todos os campos obrigatórios.',
  emailInvalido: 'Informe um e-mail válido.',
  emailsDiferentes: 'Os e-mails não conferem.',
  emailJaCadastrado: 'E-mail já cadastrado!',
  cpfInvalido: 'CPF inválido.',
  cpfExiste: 'CPF existe',
  cpfLivre: 'CPF disponível',
  cpfJaCadastrado: 'CPF já cadastrado!',
  cepInvalido: 'CEP inválido',
  cepNaoEncontrado: 'CEP não encontrado',
  /** The postal-code service can't be reached (GET /cep answers 503): the forms open the address fields. */
  cepIndisponivel: 'Não conseguimos consultar o CEP agora. Preencha endereço, cidade e estado abaixo.',
  celularInvalido: 'Informe um celular válido com DDD.',
  dataNascimentoInvalida: 'Informe uma data de nascimento válida.',
  generoInvalido: 'Escolha uma opção de gênero.',
  senhaRegras: 'A senha deve ter pelo menos 8 caracteres, 1 letra maiúscula, 1 número e 1 caractere especial.',
  /** bcrypt reads 72 bytes of UTF-8: accented letters take two (ADR 0039). */
  senhaLonga: 'A senha é longa demais: use no máximo 72 caracteres (letras com acento, como á ou ç, contam como 2; emojis, como 4).',
  senhasDiferentes: 'As senhas não conferem.',
  senhaAtualIncorreta: 'Senha atual incorreta.',
  senhaIgualAtual: 'A nova senha deve ser diferente da atual.',
  credenciaisInvalidas: 'E-mail ou senha inválidos.',
  contaNaoAtivada: 'Sua conta ainda não foi ativada. Confira seu e-mail ou peça um novo link de ativação.',
  linkInvalido: 'Link inválido ou expirado. Solicite um novo.',
  naoAutenticado: 'Sua sessão expirou. Faça login novamente.',
  proibido: 'Você não tem permissão para acessar este recurso.',
  naoEncontrado: 'Recurso não encontrado.',
  muitasTentativas: 'Muitas tentativas. Aguarde um minuto e tente novamente.',
  contaSocialSemSenha: 'Contas criadas com Google ou Facebook não têm senha para alterar.',
  reenvioSucesso: 'O e-mail de ativação de conta foi reenviado!',
  recuperacaoNeutra: 'Você receberá um email para redefinir sua senha!',
  cadastroSucesso: 'Inscrição realizada com sucesso!',
  ativacaoSucesso: 'Sua conta foi ativada com sucesso!',
  senhaAtualizada: 'Senha atualizada com sucesso!',
  senhaAlterada: 'Senha alterada com sucesso!',
  perfilAtualizado: 'Perfil atualizado com sucesso!',
  termosObrigatorios: 'Você precisa aceitar os termos de uso.',
  servicoIndisponivel: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
} as const;

// Answers to requests the framework refuses before any route runs (issue 14), and input rules
// every route shares. Portuguese like the rest: the fuzzer found English ones.
export const REQUEST_MSG = {
  caractereInvalido: 'O texto enviado contém caracteres inválidos.',
  numeroForaDoLimite: 'Número fora do intervalo permitido.',
  cabecalhosGrandes: 'Os cabeçalhos da requisição são grandes demais.',
  enderecoLongo: 'O endereço da requisição é longo demais.',
  enderecoInvalido: 'O endereço da requisição é inválido.',
  preflightInvalido: 'Pedido de verificação de origem (CORS) inválido.',
  somenteWebSocket: 'Esta rota só aceita conexões WebSocket (cabeçalho Upgrade).',
  tempoEsgotado: 'A requisição demorou demais para chegar.',
  metodoNaoPermitido: 'Método de requisição não permitido.',
  /** A unique constraint hit by two requests at once (a race no service anticipated): 409, not 500. */
  alteracaoSimultanea: 'Outra alteração chegou ao mesmo tempo. Atualize a página e tente novamente.',
} as const;

/** Where a body is required and came empty: the wire name of the missing field (issue 14). */
export const missingFieldMessage = (field: string) => `Informe o campo obrigatório "${field}".`;

const TYPE_NOUNS: Record<string, string> = {
  string: 'um texto',
  number: 'um número',
  int: 'um número inteiro',
  bigint: 'um número inteiro',
  boolean: 'verdadeiro ou falso',
  array: 'uma lista',
  object: 'um objeto',
  date: 'uma data',
};

/**
 * zod's `customError` (set once by the API): a Portuguese message for a wrong or missing type where
 * the contract wrote none. zod's pt locale names the received value in JavaScript's words
 * ('recebeu um valor "undefined"', '"NaN"'); the contract fuzzer found them (issue 14). Other issues
 * keep the contract's message or the locale's.
 */
export function typeIssueMessage(issue: { code?: string; expected?: string; input?: unknown; path?: PropertyKey[] }): string | undefined {
  if (issue.code !== 'invalid_type') return undefined;
  const field = (issue.path ?? []).filter((k) => typeof k === 'string' || typeof k === 'number').join('.');
  if (issue.input === undefined) return field ? missingFieldMessage(field) : MSG.camposObrigatorios;
  const noun = TYPE_NOUNS[issue.expected ?? ''];
  if (!noun) return undefined;
  return field ? `O campo "${field}" deve ser ${noun}.` : `O valor enviado deve ser ${noun}.`;
}
