import { createServer, type IncomingHttpHeaders } from 'node:http';

export interface ReceivedCallback {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A merchant's callback endpoint on a free local port: it keeps what arrives and answers with what `answer`
 * says (by default the acknowledgement, HTTP 200 `OK`).
 */
export async function startReceiver() {
  const received: ReceivedCallback[] = [];
  let answer: (callback: ReceivedCallback, index: number) => { status: number; body: string } = () => ({
    status: 200,
    body: 'OK',
  });
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const callback = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(callback);
      const { status, body } = answer(callback, received.length - 1);
      response.writeHead(status, { 'content-type': 'text/plain' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/callback`,
    received,
    /** The events' bodies, parsed, in the order they arrived. */
    events: () => received.map((callback) => JSON.parse(callback.body) as Record<string, unknown>),
    answerWith(next: typeof answer) {
      answer = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
