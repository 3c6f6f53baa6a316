/** What we read of a postal code. `null` from lookup means the code does not exist. */
export interface Address {
  cep: string;
  logradouro: string;
  bairro: string;
  localidade: string;
  uf: string;
}

export interface CepProvider {
  /** Resolves null when the code doesn't exist; throws CepIndisponivel when the service can't answer. */
  lookup(cep: string): Promise<Address | null>;
}

export class CepUnavailable extends Error {}

/**
 * A ViaCEP-compatible HTTP provider: `urlTemplate` has a `{cep}` placeholder, e.g.
 * https://viacep.com.br/ws/{cep}/json/. Tests point it at a local fake server.
 */
export class HttpCepProvider implements CepProvider {
  constructor(private readonly urlTemplate: string, private readonly timeoutMs: number) {}

  async lookup(cep: string): Promise<Address | null> {
    let res: Response;
    try {
      res = await fetch(this.urlTemplate.replace('{cep}', encodeURIComponent(cep)), { signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      throw new CepUnavailable(String(err));
    }
    if (res.status === 400 || res.status === 404) return null;
    if (!res.ok) throw new CepUnavailable(`status ${res.status}`);
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body || typeof body !== 'object') throw new CepUnavailable('resposta inválida');
    if (body.erro === true || body.erro === 'true') return null;
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    return { cep: str(body.cep).replace(/\D/g, '') || cep, logradouro: str(body.logradouro), bairro: str(body.bairro), localidade: str(body.localidade), uf: str(body.uf) };
  }
}
