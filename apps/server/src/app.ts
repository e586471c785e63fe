import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { parseTrustedProxies, type Config } from './config';
import type { DatabaseHandle } from './db/client';
import { QuietRequestLog, type LogStream } from './lib/logging';
import { responseSerializerCompiler } from './lib/response-serializer';
import { authPlugin } from './plugins/auth';
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
import { webAppPlugin } from './plugins/web-app';
import { contentRoutes } from './modules/content/index';
import { messagesRoutes } from './modules/messages/index';
import { authRoutes } from './modules/auth/index';
import { memberRoutes } from './modules/member/index';
import { passwordRoutes } from './modules/password/index';
import { registrationRoutes } from './modules/registration/index';
import { verificationRoutes } from './modules/verification/index';
import { systemRoutes } from './modules/system/index';
import { gamingPlugin } from './modules/games/index';
import { realtimePlugin } from './plugins/realtime';
import { housekeepingPlugin } from './plugins/housekeeping';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Where the log goes (lib/logging.ts logDestination: pino-pretty on a terminal); JSON lines to stdout when absent. */
  logStream?: LogStream;
}

export type App = FastifyInstance;

/** Plugins, then modules, then one error handler. The caller owns the database handle. */
export async function buildApp({ config, database, logStream }: AppOptions): Promise<App> {
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

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  await app.register(errorsPlugin);
  await app.register(requestContextPlugin, { geoIpPath: config.GEOIP_DB_PATH });
  await app.register(securityPlugin);
  await app.register(formbody);
  await app.register(dbPlugin, { handle: database });
  await app.register(redisPlugin, { url: config.REDIS_URL });
  await app.register(metricsPlugin, { token: config.METRICS_TOKEN, production: config.NODE_ENV === 'production' });
  await app.register(healthPlugin);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Parlay platform API', version: '0.1.0', description: 'Player site, vendor and operator calls.' },
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
  await app.register(merchantContextPlugin, { defaultMerchantCode: config.DEFAULT_MERCHANT_CODE });
  await app.register(encryptionPlugin);
  await app.register(rateLimitPlugin);
  await app.register(authPlugin, { smtpUrl: config.SMTP_URL, mailFrom: config.MAIL_FROM });

  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(memberRoutes);
  await app.register(passwordRoutes);
  await app.register(registrationRoutes);
  await app.register(verificationRoutes, { exposeOutbox: config.DEV_OUTBOX_API && config.NODE_ENV !== 'production' });
  await app.register(contentRoutes);
  await app.register(messagesRoutes);
  await app.register(gamingPlugin, {
    seedDemo: config.SEED_DEMO,
    demoMerchantCode: config.DEFAULT_MERCHANT_CODE,
    dataEncryptionKey: config.DATA_ENCRYPTION_KEY,
    production: config.NODE_ENV === 'production',
  });
  await app.register(realtimePlugin);
  await app.register(housekeepingPlugin);

  if (config.WEB_DIST_DIR) await app.register(webAppPlugin, { distDir: config.WEB_DIST_DIR });

  return app;
}
