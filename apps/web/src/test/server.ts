import { setupServer } from 'msw/node';
import { onTestFinished } from 'vitest';

/**
 * The platform API as the web tests see it: no handler is installed by default, so each test says what
 * the server answers (`server.use(answer(...))`, src/test/api.ts). A request no handler answers fails
 * as a network error and fails the test that sent it (src/test/setup.ts).
 */
export const server = setupServer();

const unhandled: string[] = [];

/**
 * Started by src/test/setup.ts: a request nothing answers fails as a network error, as
 * `onUnhandledRequest: 'error'` does, and is kept here to fail the test that sent it.
 */
export function listen() {
  server.listen({
    onUnhandledRequest(request, print) {
      const call = `${request.method} ${new URL(request.url).pathname}`;
      unhandled.push(call);
      print.error();
      // A callback that returns lets the request through to the network: throwing fails it here.
      throw new Error(`No handler answered ${call}`);
    },
  });
}

/** The requests no handler answered since the last call, emptied. */
export function takeUnhandledRequests(): string[] {
  return unhandled.splice(0);
}

/** The requests the page sends from now until the end of the running test, in the order sent. */
export function recordRequests(): Request[] {
  const sent: Request[] = [];
  const record = ({ request }: { request: Request }) => void sent.push(request);
  server.events.on('request:start', record);
  onTestFinished(() => server.events.removeListener('request:start', record));
  return sent;
}
