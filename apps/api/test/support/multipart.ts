import { randomUUID } from 'node:crypto';

/** A multipart/form-data body with one file part, for app.inject (the browser's FormData). */
export function multipartFile(content: Buffer | string, filename: string, contentType = 'application/octet-stream', field = 'arquivo') {
  const boundary = `----legiao${randomUUID().replace(/-/g, '')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
