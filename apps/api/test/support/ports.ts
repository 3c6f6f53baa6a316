import { createServer } from 'node:net';

/** A TCP port nothing listens on right now (the OS picks it; we close it again at once). */
export function getFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      if (!address || typeof address === 'string') return reject(new Error('no port'));
      srv.close(() => resolve(address.port));
    });
  });
}
