import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** CEPs the fake ViaCEP knows. */
export const KNOWN_CEPS: Record<string, { logradouro: string; bairro: string; localidade: string; uf: string }> = {
  '01310100': { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' },
  '20040002': { logradouro: 'Avenida Rio Branco', bairro: 'Centro', localidade: 'Rio de Janeiro', uf: 'RJ' },
  '40020000': { logradouro: 'Rua Chile', bairro: 'Centro', localidade: 'Salvador', uf: 'BA' },
};
/** A well-formed CEP the fake says doesn't exist ({"erro": true}, like ViaCEP). */
export const UNKNOWN_CEP = '00000001';
/** The fake answers 500 for this one: the provider is "down". */
export const CEP_PROVIDER_DOWN = '99999999';

/** A ViaCEP look-alike on a random local port: GET /ws/{cep}/json/. */
export async function startFakeCep() {
  const server = createServer((req, res) => {
    const match = /^\/ws\/([^/]+)\/json\/?$/.exec(req.url ?? '');
    const cep = match ? decodeURIComponent(match[1]!) : '';
    if (!/^\d{8}$/.test(cep)) {
      res.writeHead(400, { 'content-type': 'text/html' }).end('<h1>Bad Request</h1>');
      return;
    }
    if (cep === CEP_PROVIDER_DOWN) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('internal error');
      return;
    }
    const known = KNOWN_CEPS[cep];
    const body = known ? { cep: `${cep.slice(0, 5)}-${cep.slice(5)}`, complemento: '', ...known, ibge: '3550308', ddd: '11' } : { erro: true };
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/ws/{cep}/json/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
