import formbody from '@fastify/formbody';
import websocket from '@fastify/websocket';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEV_DATA_ENCRYPTION_KEY, parseBackofficeHosts, parseTrustedProxies, type Config } from './config';
import type { DatabaseHandle } from './db/client';
import { MULTI_WALLET_DEMO_CODE } from './db/seed-multi-wallet';
import { QuietRequestLog, type LogStream } from './lib/logging';
import { createOutboxMailProvider, createSmtpMailProvider, type MailProvider } from './lib/mail/mail-provider';
import { responseSerializerCompiler } from './lib/response-serializer';
import { createOutboxSmsProvider, type SmsProvider } from './lib/sms/sms-provider';
import { authPlugin } from './plugins/auth';
import { backofficeAppPlugin } from './plugins/backoffice-app';
import { backofficePlugin } from './plugins/backoffice';
import { dbPlugin } from './plugins/db';
import { encryptionPlugin } from './plugins/encryption';
import { errorsPlugin, sendFrameworkError } from './plugins/errors';
import { healthPlugin } from './plugins/health';
import { merchantContextPlugin } from './plugins/merchant-context';
import { metricsPlugin } from './plugins/metrics';
import { redisPlugin } from './plugins/redis';
import { rateLimitPlugin } from './plugins/rate-limit';
import { requestContextPlugin } from './plugins/request-context';
import { securityPlugin } from './plugins/security';
import { servicesPlugin } from './plugins/services';
import { webAppPlugin } from './plugins/web-app';
import { authRoutes } from './modules/auth/index';
import { bettingRoutes } from './modules/betting/index';
import { bonusesRoutes } from './modules/bonuses/index';
import { applicationsRoutes } from './modules/applications/index';
import { cashierRoutes } from './modules/cashier/index';
import { contentRoutes } from './modules/content/index';
import { gamesRoutes, lotteryRoutes, seedDemoGaming } from './modules/games/index';
import { kycRoutes } from './modules/kyc/index';
import { memberRoutes } from './modules/member/index';
import { messagesRoutes } from './modules/messages/index';
import { supportRoutes } from './modules/support/index';
import { seedDemoOperators } from './modules/operators/index';
import { passwordRoutes } from './modules/password/index';
import { pointsRoutes } from './modules/points/index';
import { rebatesRoutes } from './modules/rebates/index';
import { missionsRoutes } from './modules/missions/index';
import { leaderboardsRoutes } from './modules/leaderboards/index';
import { agentAccountsRoutes, agentContractsRoutes, agentSettlementRoutes, agentsRoutes } from './modules/agents/index';
import { promotionsHubRoutes } from './modules/promotions-hub/index';
import { rafflesRoutes } from './modules/raffles/index';
import { protectionRoutes } from './modules/protection/index';
import { vipRoutes } from './modules/vip/index';
import { referralRoutes } from './modules/referral/index';
import { registrationRoutes } from './modules/registration/index';
import { seamlessWalletRoutes } from './modules/seamless-wallet/index';
import { contactRoutes, securityRoutes } from './modules/security/index';
import { systemRoutes } from './modules/system/index';
import { downlineTransferRoutes, uplineTransferRoutes } from './modules/transfers/index';
import { SecretBox } from './modules/vendors/index';
import { verificationRoutes } from './modules/verification/index';
import { memberTransactionsRoutes, walletRoutes } from './modules/wallet/index';
import { pointMallRoutes } from './modules/point-mall/index';
import { withdrawalRoutes } from './modules/withdrawals/index';
import { realtimePlugin } from './plugins/realtime';
import { housekeepingPlugin } from './plugins/housekeeping';
import { buildServices, type Services } from './services';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Where the log goes (lib/logging.ts logDestination: pino-pretty on a terminal); JSON lines to stdout when absent. */
  logStream?: LogStream;
  /** Told of every route as it is registered (the test that holds the routes to the contract's calls). */
  onRoute?: (route: RouteOptions) => void;
}

export type App = FastifyInstance;

/**
 * The services (services.ts, built once here), plugins, start-up work on the data, then the modules' routes.
 * The caller owns the database handle.
 */
export async function buildApp({ config, database, logStream, onRoute }: AppOptions): Promise<App> {
  const trusted = parseTrustedProxies(config.TRUSTED_PROXIES);
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            ...(logStream ? { stream: logStream } : {}),
          },
    // Each request's own lines only at LOG_LEVEL=debug.
    logController: new QuietRequestLog(),
    // Forwarded headers are believed only from configured proxies, so a client cannot fake its IP or country.
    trustProxy: trusted.length > 0 ? trusted : false,
    bodyLimit: 256 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: sendFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  if (onRoute) app.addHook('onRoute', onRoute);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  await app.register(errorsPlugin);
  await app.register(requestContextPlugin, { geoIpPath: config.GEOIP_DB_PATH });
  await app.register(securityPlugin);
  await app.register(formbody);
  await app.register(dbPlugin, { handle: database });
  const services = buildServices({ db: database.db, config, ...createMessageProviders(app, config) });
  await app.register(servicesPlugin, { services });
  await app.register(redisPlugin, { url: config.REDIS_URL });
  await app.register(metricsPlugin, { token: config.METRICS_TOKEN, production: config.NODE_ENV === 'production' });
  await app.register(healthPlugin);
  // The back office's pages at /backoffice, and where it answers at all (its pages and its API).
  await app.register(backofficeAppPlugin, {
    distDir: config.BACKOFFICE_DIST_DIR,
    enabled: config.BACKOFFICE_ENABLED,
    hosts: parseBackofficeHosts(config.BACKOFFICE_HOSTS),
  });
  // Before any route: the back office's support inbox has a socket too (the realtime plugin's is the member's).
  await app.register(websocket);
  // Before the player API's document and hooks: the back office's routes are in neither (plugins/backoffice.ts).
  await app.register(backofficePlugin, { backofficeUrl: config.BACKOFFICE_URL });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Parlay platform API',
        version: '0.1.0',
        description: 'Player site and vendor calls. The back office has its own document: /bo/docs.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          vendorSignature: { type: 'apiKey', in: 'header', name: 'x-signature' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(merchantContextPlugin);
  await app.register(encryptionPlugin);
  await app.register(rateLimitPlugin);
  await app.register(authPlugin);
  await prepareData(app, services, config);

  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(memberRoutes);
  await app.register(passwordRoutes);
  await app.register(securityRoutes);
  await app.register(contactRoutes);
  await app.register(protectionRoutes);
  await app.register(registrationRoutes);
  await app.register(referralRoutes);
  await app.register(verificationRoutes, { exposeOutbox: config.DEV_OUTBOX_API && config.NODE_ENV !== 'production' });
  await app.register(contentRoutes);
  await app.register(messagesRoutes);
  await app.register(supportRoutes);
  await app.register(gamesRoutes);
  await app.register(lotteryRoutes);
  await app.register(walletRoutes);
  await app.register(memberTransactionsRoutes);
  await app.register(pointsRoutes);
  await app.register(withdrawalRoutes);
  await app.register(pointMallRoutes);
  await app.register(cashierRoutes);
  await app.register(uplineTransferRoutes);
  await app.register(downlineTransferRoutes);
  await app.register(kycRoutes);
  await app.register(vipRoutes);
  await app.register(bonusesRoutes);
  await app.register(applicationsRoutes);
  await app.register(rebatesRoutes);
  await app.register(missionsRoutes);
  await app.register(leaderboardsRoutes);
  await app.register(promotionsHubRoutes);
  await app.register(rafflesRoutes);
  await app.register(agentsRoutes);
  await app.register(agentAccountsRoutes);
  await app.register(agentContractsRoutes);
  await app.register(agentSettlementRoutes, { exposeClock: config.DEV_CLOCK_API && config.NODE_ENV !== 'production' });
  await app.register(bettingRoutes);
  await app.register(seamlessWalletRoutes);
  await app.register(realtimePlugin);
  await app.register(housekeepingPlugin);

  if (config.WEB_DIST_DIR) await app.register(webAppPlugin, { distDir: config.WEB_DIST_DIR });

  return app;
}

/** Where e-mail and SMS go besides the outbox table: the log, or for e-mail the SMTP server SMTP_URL names. */
function createMessageProviders(app: App, config: Config): { mail: MailProvider; sms: SmsProvider } {
  const sms = createOutboxSmsProvider((message) => app.log.info({ sms: message }, 'sms sent to outbox'));
  if (!config.SMTP_URL) {
    return {
      sms,
      mail: createOutboxMailProvider((message) => app.log.info({ mail: message }, 'e-mail sent to outbox')),
    };
  }
  const smtp = createSmtpMailProvider(config.SMTP_URL, config.MAIL_FROM);
  app.addHook('onClose', async () => smtp.close());
  return { sms, mail: smtp };
}

/**
 * Start-up work on the stored data, before any request: vendors' wallet secrets written before they were
 * encrypted at rest are sealed, once; with SEED_DEMO the demo brand gets its catalogue and funded accounts.
 */
async function prepareData(app: App, services: Services, config: Config): Promise<void> {
  const { catalogueSync, vendors, wallet } = services.gaming;
  if (config.NODE_ENV === 'production' && config.DATA_ENCRYPTION_KEY === DEV_DATA_ENCRYPTION_KEY) {
    app.log.warn('DATA_ENCRYPTION_KEY is the development default: set a key of your own in production');
  }
  const sealed = await vendors.sealStoredSecrets();
  if (sealed > 0) app.log.info({ sealed }, 'vendor wallet secrets encrypted at rest');
  if (config.SEED_DEMO) {
    await seedDemoGaming(catalogueSync, wallet, services.merchants, config.DEFAULT_MERCHANT_CODE);
    // The multi-wallet demo brand's accounts, when main.ts seeded it.
    await seedDemoGaming(catalogueSync, wallet, services.merchants, MULTI_WALLET_DEMO_CODE);
    await seedDemoOperators(app.db, new SecretBox(config.DATA_ENCRYPTION_KEY), config.DEFAULT_MERCHANT_CODE);
  }
}
