import { ConfigError } from '../config.js';
import { EmbeddedDatabaseError } from '../db/embedded/index.js';

/**
 * Whatever stops a start (the server's or a CLI's) before it serves, told as one Portuguese
 * paragraph that says what to do: the first command must never end in a stack trace (issue 29,
 * docs/decisions/0043-first-command-anywhere.md). The stack is printed too with LOG_LEVEL=debug.
 */
export function explainBootFailure(err: unknown, env: NodeJS.ProcessEnv = process.env): string {
  if (err instanceof ConfigError || err instanceof EmbeddedDatabaseError) return err.message;
  const e = err as NodeJS.ErrnoException & { port?: number; address?: string };
  const port = e?.port ?? env.PORT ?? 3000;
  if (e?.code === 'EADDRINUSE' && e.syscall === 'listen') {
    return `A porta ${port} já está em uso por outro programa (outro \`pnpm start\`?). Pare-o, ou use outra porta: PORT=${Number(port) + 1} pnpm start.`;
  }
  if (e?.code === 'EACCES' && e.syscall === 'listen') {
    return `Sem permissão para escutar na porta ${port} (portas abaixo de 1024 são do sistema). Use outra: PORT=3000 pnpm start.`;
  }
  if (e?.code === 'EADDRNOTAVAIL' && e.syscall === 'listen') {
    return `O endereço HOST=${env.HOST ?? ''} não é desta máquina. Deixe HOST vazio (só esta máquina) ou use 0.0.0.0 (todas as interfaces).`;
  }
  if (env.DATABASE_URL && typeof e?.code === 'string' && ['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'EAI_AGAIN', '28P01', '3D000', '28000'].includes(e.code)) {
    const where = safeHost(env.DATABASE_URL);
    return (
      `Não consegui abrir o banco de DATABASE_URL (${where}): ${e.code} ${firstLine(e.message)}. Confira se o PostgreSQL está no ar e ` +
      'se o usuário, a senha e o nome do banco estão certos; ou deixe DATABASE_URL vazio para usar o banco embutido.'
    );
  }
  return `A partida falhou: ${firstLine(err instanceof Error ? err.message : String(err))}. Para ver os detalhes: LOG_LEVEL=debug pnpm start.`;
}

const firstLine = (s: string) => (s ?? '').split('\n')[0]!.trim();

function safeHost(url: string) {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'URL inválida';
  }
}

/**
 * From here until `disarm()`, an error nobody catches (a rejected top-level await included) prints
 * the explanation and exits 1, instead of Node's stack trace.
 */
export function guardBoot(env: NodeJS.ProcessEnv = process.env): () => void {
  const onError = (err: unknown) => {
    console.error(explainBootFailure(err, env));
    if (env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace') console.error(err);
    process.exit(1);
  };
  process.on('uncaughtException', onError);
  return () => process.removeListener('uncaughtException', onError);
}
