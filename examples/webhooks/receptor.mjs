// Recebe os webhooks do Legião e confere cada assinatura (Standard Webhooks), só com o Node.
import { createServer } from 'node:http';
import { createHmac, timingSafeEqual } from 'node:crypto';

const secret = Buffer.from(process.env.WEBHOOK_SECRET.replace(/^whsec_/, ''), 'base64');
createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const [id, ts, body] = [req.headers['webhook-id'], req.headers['webhook-timestamp'], Buffer.concat(chunks).toString()];
    const expected = createHmac('sha256', secret).update(`${id}.${ts}.${body}`).digest();
    const signed = String(req.headers['webhook-signature']).split(' ').map((s) => Buffer.from(s.split(',')[1] ?? '', 'base64'));
    const fresh = Math.abs(Date.now() / 1000 - Number(ts)) < 300; // recusa repetições antigas
    if (!fresh || !signed.some((s) => s.length === expected.length && timingSafeEqual(s, expected))) return res.writeHead(401).end();
    const event = JSON.parse(body);
    console.log(id, event.type, JSON.stringify(event.data)); // o id se repete numa nova tentativa: use-o para não processar duas vezes
    res.writeHead(204).end();
  });
}).listen(Number(process.env.PORT ?? 4000), '127.0.0.1');
