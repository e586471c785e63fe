import { LogController, type FastifyLoggerOptions, type FastifyReply, type FastifyRequest } from 'fastify';

// The platform's log, fitted to the vendor: apps/server/src/lib/logging.ts does the same for the site, and
// README's LOG_LEVEL row says what each level shows. Embedded, both write to the same terminal.

/** A stream Fastify's logger writes to. */
export type LogStream = NonNullable<FastifyLoggerOptions['stream']>;

/** The logger's name: the vendor's lines say `(house-games)`, told apart from the platform's in one output. */
export const HOUSE_LOGGER_NAME = 'house-games';

/**
 * Fastify's two lines for every request ("incoming request", "request completed") at debug instead of
 * info, so the log at its default level says what happened, not every call and file a game page asks for.
 * `LOG_LEVEL=debug` shows them again; a request that fails on its socket stays an error.
 */
export class QuietRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    if (!this.isLogDisabled(request)) {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}

/**
 * Where the log goes. On a terminal, lines a person reads (pino-pretty: time, level, name, message, and an
 * error's stack as lines); otherwise undefined, and pino writes JSON lines to stdout as log collectors read
 * them. pino-pretty loads only on a terminal.
 */
export async function logDestination(
  stdout: NodeJS.WritableStream & { isTTY?: boolean },
): Promise<LogStream | undefined> {
  if (stdout.isTTY !== true) return undefined;
  const { default: pretty } = await import('pino-pretty');
  // Synchronous: the last lines before process.exit (a failed start, a stop) are not lost.
  return pretty({ destination: stdout, sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
}
