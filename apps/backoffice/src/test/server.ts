import { setupServer } from 'msw/node';

/**
 * The back office's API as its tests see it (as apps/web/src/test/server.ts): no handler by default, each test
 * answers the calls it needs (`server.use(answer(...))`, api.ts); a request nothing answers fails its test.
 */
export const server = setupServer();

const unhandled: string[] = [];

export function listen() {
  server.listen({
    onUnhandledRequest(request, print) {
      const call = `${request.method} ${new URL(request.url).pathname}`;
      unhandled.push(call);
      print.error();
      throw new Error(`No handler answered ${call}`);
    },
  });
}

export function takeUnhandledRequests(): string[] {
  return unhandled.splice(0);
}
