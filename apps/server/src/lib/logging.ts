import { isIPv6 } from 'node:net';
import { LogController, type FastifyLoggerOptions, type FastifyReply, type FastifyRequest } from 'fastify';

/** A stream Fastify's logger writes to. */
export type LogStream = NonNullable<FastifyLoggerOptions['stream']>;

/**
 * Fastify's two lines for every request ("incoming request", "request completed") at debug instead of
 * info, so the log at its default level says what happened, not every page and icon a browser asked for:
 * `LOG_LEVEL=debug` shows them again. A request that fails on its socket stays an error, and every other
 * line Fastify writes keeps its level.
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
 * Where the log goes. On a terminal, lines a person reads (pino-pretty: time, level, message, and an error's
 * stack as lines); otherwise undefined, and pino writes JSON lines to stdout as log collectors read them.
 * pino-pretty loads only on a terminal, so a production process behind a collector never loads it.
 */
export async function logDestination(
  stdout: NodeJS.WritableStream & { isTTY?: boolean },
): Promise<LogStream | undefined> {
  if (stdout.isTTY !== true) return undefined;
  const { default: pretty } = await import('pino-pretty');
  // Synchronous: the last lines before process.exit (a failed start, "shutting down") are not lost.
  return pretty({ destination: stdout, sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
}

/**
 * The address a browser on this machine opens for a server listening on `host` and `port`: a wildcard
 * address (0.0.0.0, ::) is not one a browser can open, so it shows as localhost.
 */
export function browserAddress(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '::' || host === '[::]') return `http://localhost:${port}`;
  return `http://${isIPv6(host) ? `[${host}]` : host}:${port}`;
}

/** The line `npm start` says once the site and the house games answer. */
export function upLine(site: string, houseGames: string | null): string {
  return houseGames
    ? `Parlay is up on ${site} (house games on ${houseGames})`
    : `Parlay is up on ${site} (house games not started: HOUSE_ENABLED=false)`;
}
