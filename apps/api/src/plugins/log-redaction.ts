import type { LoggerOptions } from 'pino';

// What the API's log may hold (ASVS 7.1.1 and 7.1.2, docs/decisions/0040-asvs-level-2.md). Failed and
// slow requests are logged with their URL (plugins/request-log.ts), and the spec's wire carries
// personal data and link secrets in query strings: GET /auth/recuperar-senha?email=,
// /usuario/valid-cpf?cpf=, /satisfacao?hash=, the back office's member search ?busca=, and the web
// pages the e-mails link to (/recuperar-senha?q=&h=, /ativar-conta?q=), served by this process too.
// So a query value reaches the log only when its name is one of the paging and filter names below;
// any other value is written as ***. Denying by default: a parameter added tomorrow stays out.

/** Query parameters whose values are neither personal data nor secrets (lower case). */
const LOGGED_QUERY = new Set(
  [
    'page', 'pageSize', 'pagina', 'porPagina', 'ordem', 'lista', 'todos', 'ativo', 'situacao', 'status', 'tipo', 'uso', 'papel',
    'perfil', 'categoria', 'subcategoria', 'cidade', 'idProduto', 'opcao', 'membroId', 'entidade', 'entidadeId', 'mes', 'ano',
    'de', 'ate', 'data',
  ].map((name) => name.toLowerCase()),
);

const HIDDEN = '***';

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return '';
  }
}

/** The URL with every query value that isn't a paging or filter value replaced by ***. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((part) => {
      if (part === '') return part;
      const eq = part.indexOf('=');
      const name = eq < 0 ? part : part.slice(0, eq);
      if (LOGGED_QUERY.has(decodedName(name))) return part;
      // A bare `?abc` is a value without a name.
      return eq < 0 ? HIDDEN : `${name}=${HIDDEN}`;
    })
    .join('&');
  return `${url.slice(0, start + 1)}${query}`;
}

/** pino's options for the API's log: request bodies' passwords and tokens redacted, URLs' query values as above. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: ['req.headers.authorization', 'req.body.senha', 'req.body.novaSenha'],
    formatters: {
      log: (line) => (typeof line.url === 'string' ? { ...line, url: redactUrl(line.url) } : line),
    },
  };
}
