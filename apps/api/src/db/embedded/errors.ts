/**
 * What stops the embedded PostgreSQL from starting, told to a person: one paragraph in Portuguese
 * that says what happened and what to do (issue 29: the first command never ends in a stack trace).
 * `server.ts` and the CLIs print `message` alone and exit 1.
 */
export class EmbeddedDatabaseError extends Error {
  constructor(
    message: string,
    /** The underlying cause (an errno, PostgreSQL's own last lines), for the debug log only. */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'EmbeddedDatabaseError';
  }
}

const OWN_DATABASE = 'Ou defina DATABASE_URL com um PostgreSQL seu e o banco embutido não é usado.';

export const embeddedErrors = {
  noOsUser: (why: string) =>
    new EmbeddedDatabaseError(
      'O PostgreSQL embutido não roda como root: como root, ele roda como o usuário "postgres" do sistema, ' +
        `que não existe e não pôde ser criado (${why}). Crie-o com \`useradd --system --user-group postgres\` ` +
        `(ou \`adduser -S -G postgres postgres\` no Alpine) e rode de novo, ou rode como um usuário comum. ${OWN_DATABASE}`,
      why,
    ),
  noReachablePlace: (tried: string[], why: string) =>
    new EmbeddedDatabaseError(
      'O PostgreSQL embutido roda como o usuário "postgres" do sistema (o servidor recusa rodar como root), e ' +
        'esta pasta fica dentro de uma pasta que só o root abre. Tentei guardar os programas e os dados do banco ' +
        `num lugar que o usuário "postgres" alcance (${tried.join(', ')}), sem sucesso: ${why}. ` +
        `Libere um desses lugares, ou rode de uma pasta que outros usuários possam atravessar (ex.: /srv/legiao), ou como um usuário comum. ${OWN_DATABASE}`,
      why,
    ),
  cannotRunAs: (why: string) =>
    new EmbeddedDatabaseError(
      'Não consegui iniciar o PostgreSQL embutido como o usuário "postgres" do sistema ' +
        `(${why}): este ambiente não deixa o root trocar de usuário (um contêiner sem as capacidades SETUID/SETGID?). ` +
        `Rode como um usuário comum, ou dê ao contêiner essas capacidades. ${OWN_DATABASE}`,
      why,
    ),
  portInUse: (port: number) =>
    new EmbeddedDatabaseError(
      `A porta ${port} do banco embutido já está em uso por outro programa. Pare-o, ou escolha outra porta: ` +
        `EMBEDDED_PG_PORT=${port + 1} pnpm start. ${OWN_DATABASE}`,
    ),
  dataInUse: (dir: string, pid: number) =>
    new EmbeddedDatabaseError(
      `Os dados do banco embutido (${dir}) já estão em uso por outro PostgreSQL (pid ${pid}): outro \`pnpm start\` ` +
        `deste clone ainda está no ar? Pare-o (Ctrl+C na janela dele, ou \`kill ${pid}\`) e tente de novo, ou use outra pasta: ` +
        'EMBEDDED_PG_DIR=.data/outro pnpm start.',
    ),
  incompatibleData: (dir: string, found: string, expected: string) =>
    new EmbeddedDatabaseError(
      `Os dados do banco embutido em ${dir} são do PostgreSQL ${found}, e este portal traz o PostgreSQL ${expected}. ` +
        'Guarde-os noutro lugar (mova a pasta) ou apague-a para começar do zero com as contas de demonstração; ' +
        'ou aponte DATABASE_URL para um PostgreSQL ' + found + ' que os abra.',
    ),
  diskFull: (dir: string) =>
    new EmbeddedDatabaseError(
      `Não há espaço em disco para o banco embutido (${dir}). Libere espaço e rode de novo. ${OWN_DATABASE}`,
    ),
  noBinaries: (why: string) =>
    new EmbeddedDatabaseError(
      'Os programas do PostgreSQL embutido não estão instalados para esta máquina ' +
        `(${why}). Rode \`pnpm install\` de novo; se o sistema não for Linux, macOS ou Windows em x64/arm64, ${OWN_DATABASE.toLowerCase()}`,
      why,
    ),
  failed: (step: string, lastLines: string, logPath: string | undefined) =>
    new EmbeddedDatabaseError(
      `O PostgreSQL embutido falhou ao ${step}${lastLines ? `: "${lastLines}"` : ''}.` +
        (logPath ? ` O registro completo está em ${logPath}.` : '') +
        ` ${OWN_DATABASE}`,
      lastLines,
    ),
};
