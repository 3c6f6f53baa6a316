import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The addresses the tests rely on; any other CEP answers ViaCEP's { "erro": true }. */
export const KNOWN_CEPS: Record<string, { logradouro: string; bairro: string; localidade: string; uf: string }> = {
  '01310100': { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' },
  '01001000': { logradouro: 'Praça da Sé', bairro: 'Sé', localidade: 'São Paulo', uf: 'SP' },
};

/**
 * For this CEP the fake service is "down": it drops the connection without answering, as an
 * unreachable ViaCEP would, so the API answers GET /cep with 503 (issue 14).
 */
export const UNREACHABLE_CEP = '70000001';

/** A ViaCEP-compatible server: GET /ws/{cep}/json/. Returns the CEP_PROVIDER_URL template. */
export async function startFakeCep() {
  const server = createServer((req, res) => {
    const match = /^\/ws\/([^/]+)\/json\/?$/.exec(new URL(req.url ?? '/', 'http://localhost').pathname);
    if (!match) {
      res.writeHead(404).end();
      return;
    }
    const cep = decodeURIComponent(match[1]!).replace(/\D/g, '');
    if (cep.length !== 8) {
      res.writeHead(400, { 'content-type': 'text/html' }).end('<h1>Bad Request</h1>');
      return;
    }
    if (cep === UNREACHABLE_CEP) {
      req.socket.destroy();
      return;
    }
    const found = KNOWN_CEPS[cep];
    const body = found
      ? { cep: `${cep.slice(0, 5)}-${cep.slice(5)}`, complemento: '', unit: '', ibge: '3550308', gia: '1004', ddd: '11', siafi: '7107', ...found }
      : { erro: true };
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    urlTemplate: `http://127.0.0.1:${port}/ws/{cep}/json/`,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
