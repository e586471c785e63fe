import { createHmac } from 'node:crypto';
import websocket from '@fastify/websocket';
import { VENDOR_HEADERS } from '@parlay/contract';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { HOUSE_FEED_PATH, houseCatalogueFeed } from './catalogue';
import type { HouseConfig } from './config';
import { CrashService } from './crash/crash.service';
import { registerCrashRoutes } from './crash/crash.routes';
import { HOUSE_ERRORS, HouseError, translate, type HouseErrorCode } from './errors';
import { registerApiRoutes } from './http/api.routes';
import { requestLanguage } from './http/language';
import { registerSecurityHeaders } from './http/security';
import { registerWebRoutes } from './http/web.routes';
import { LOTTERY_PATH } from './lottery/lottery-catalogue';
import { registerLotteryRoutes } from './lottery/lottery.routes';
import { LotteryService } from './lottery/lottery.service';
import { HOUSE_LOGGER_NAME, QuietRequestLog, type LogStream } from './logging';
import { PlayersService } from './players/players.service';
import { RoundsService } from './rounds/rounds.service';
import { WalletClient } from './wallet/wallet-client';

export interface HouseApp {
  app: FastifyInstance;
  players: PlayersService;
  rounds: RoundsService;
  crash: CrashService;
  /** The lottery vendor (config.lottery), null without one. */
  lottery: LotteryService | null;
  wallet: WalletClient;
  /** Resumes unfinished work and starts the crash loop and the recovery job. */
  start(): Promise<void>;
}

/** The house's error envelope, translated for the request's language. */
function refuse(request: FastifyRequest, reply: FastifyReply, code: HouseErrorCode): FastifyReply {
  return reply
    .status(HOUSE_ERRORS[code].status)
    .send({ success: false, code, message: translate(code, requestLanguage(request)) });
}

export interface HouseAppOptions {
  /** Where the log goes (logging.ts logDestination: pino-pretty on a terminal); JSON lines to stdout when absent. */
  logStream?: LogStream;
}

/** The house games vendor: its own HTTP server, reaching the platform only through the seamless wallet. */
export async function buildHouseApp(config: HouseConfig, options: HouseAppOptions = {}): Promise<HouseApp> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, name: HOUSE_LOGGER_NAME, ...(options.logStream && { stream: options.logStream }) },
    // Each request's own lines only at LOG_LEVEL=debug.
    logController: new QuietRequestLog(),
    bodyLimit: 64 * 1024,
    // The router's own refusals (a malformed %-escape, a path parameter over its length) answer before any
    // route or error handler: without this they would be Fastify's untranslated bodies.
    frameworkErrors: (_error, request, reply) => {
      void refuse(request, reply, 'HOUSE_BAD_REQUEST');
    },
  });
  const wallet = new WalletClient({
    baseUrl: config.walletBaseUrl,
    vendorCode: config.vendorCode,
    secret: config.vendorSecret,
    timeoutMs: config.walletTimeoutMs,
    maxAttempts: config.walletMaxAttempts,
    retryDelaysMs: config.walletRetryDelaysMs,
  });
  registerSecurityHeaders(app, config);
  const players = new PlayersService(config, wallet);
  const rounds = new RoundsService(config, wallet, players);
  const crash = new CrashService(config, wallet, players, app.log);
  // The lottery is a vendor of its own to the platform: its own code and wallet secret (decision 0070).
  const lottery = config.lottery
    ? new LotteryService(
        config,
        config.lottery,
        new WalletClient({
          baseUrl: config.walletBaseUrl,
          vendorCode: config.lottery.vendorCode,
          secret: config.lottery.vendorSecret,
          timeoutMs: config.walletTimeoutMs,
          maxAttempts: config.walletMaxAttempts,
          retryDelaysMs: config.walletRetryDelaysMs,
        }),
        players,
        app.log,
      )
    : null;

  app.setErrorHandler((error, request, reply) => {
    const language = requestLanguage(request);
    if (error instanceof HouseError) {
      return reply.status(error.status).send({
        success: false,
        code: error.code,
        message: translate(error.code, language),
        ...(error.value === undefined ? {} : { value: error.value }),
      });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) return refuse(request, reply, 'HOUSE_BAD_REQUEST');
    request.log.error({ err: error }, 'house request failed');
    return refuse(request, reply, 'HOUSE_SYSTEM_ERROR');
  });
  // An unknown address or method (a game the vendor does not have, GET on a POST route) in the same envelope.
  app.setNotFoundHandler((request, reply) => refuse(request, reply, 'HOUSE_NOT_FOUND'));

  // The crash game's live feed. A client sends it nothing: a message over 1 KiB closes its socket (1009), the
  // client's fault, so logged at debug as a refusal is, not as the plugin's default error.
  await app.register(websocket, {
    options: { maxPayload: 1024 },
    errorHandler: (error, socket, request) => {
      request.log.debug({ err: error }, 'crash feed socket closed on a client error');
      socket.close();
    },
    // Stopping, the vendor ends its sockets at once rather than wait on each close handshake (a vanished
    // browser would hold one 30 s).
    preClose(done) {
      for (const client of this.websocketServer.clients) client.terminate();
      done();
    },
  });

  const api = `${config.basePath}/api`;
  registerApiRoutes(app, api, players, rounds);
  registerCrashRoutes(app, api, players, crash);
  if (lottery) registerLotteryRoutes(app, `${config.basePath}${LOTTERY_PATH}/api`, lottery);
  // The catalogue sync of the contract: the whole feed, signed over its bytes with the wallet secret.
  app.get(`${config.basePath}${HOUSE_FEED_PATH}`, async (_request, reply) => {
    const body = JSON.stringify(houseCatalogueFeed(config, config.vendorCode));
    return reply
      .header(VENDOR_HEADERS.signature, createHmac('sha256', config.vendorSecret).update(body).digest('hex'))
      .type('application/json')
      .send(body);
  });
  await registerWebRoutes(app, config);

  let recoveryTimer: NodeJS.Timeout | undefined;
  app.addHook('onClose', async () => {
    if (recoveryTimer) clearInterval(recoveryTimer);
    await crash.stop();
    await lottery?.stop();
  });

  return {
    app,
    players,
    rounds,
    crash,
    lottery,
    wallet,
    async start() {
      await rounds.recover().catch((error: unknown) => app.log.error({ err: error }, 'recovery failed'));
      await crash.start();
      await lottery?.start();
      recoveryTimer = setInterval(() => {
        rounds.recover().catch((error: unknown) => app.log.error({ err: error }, 'recovery failed'));
      }, config.recoveryIntervalMs);
      recoveryTimer.unref();
    },
  };
}
