import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { BACKOFFICE_PATH_PREFIX, BACKOFFICE_SESSION_COOKIE, PERMISSIONS, type RoutePermission } from '@parlay/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { applicationsBackofficeRoutes } from '../modules/applications/index';
import { auditBackofficeRoutes } from '../modules/audit/index';
import { keysBackofficeRoutes } from '../modules/auth/index';
import { bonusesBackofficeRoutes } from '../modules/bonuses/index';
import { cashierBackofficeRoutes } from '../modules/cashier/index';
import { kycBackofficeRoutes } from '../modules/kyc/index';
import { gamesBackofficeRoutes } from '../modules/games/index';
import { playersBackofficeRoutes } from '../modules/member/index';
import { contentBackofficeRoutes } from '../modules/content/index';
import { merchantBackofficeRoutes, type Merchant } from '../modules/merchant/index';
import { messagesBackofficeRoutes } from '../modules/messages/index';
import { supportBackofficeRoutes } from '../modules/support/index';
import { pointsBackofficeRoutes } from '../modules/points/index';
import { rebatesBackofficeRoutes } from '../modules/rebates/index';
import { missionsBackofficeRoutes } from '../modules/missions/index';
import { abuseBackofficeRoutes } from '../modules/abuse/index';
import { referralBackofficeRoutes } from '../modules/referral/index';
import { leaderboardsBackofficeRoutes } from '../modules/leaderboards/index';
import {
  agentSettingsBackofficeRoutes,
  agentSettlementsBackofficeRoutes,
  agentsBackofficeRoutes,
} from '../modules/agents/index';
import { rafflesBackofficeRoutes } from '../modules/raffles/index';
import { lotteryAdminBackofficeRoutes } from '../modules/lottery-admin/index';
import { operatorsBackofficeRoutes, readSessionCookie, type SignedInOperator } from '../modules/operators/index';
import { protectionBackofficeRoutes } from '../modules/protection/index';
import { reportsBackofficeRoutes } from '../modules/reports/index';
import { abandonedRoundsBackofficeRoutes } from '../modules/seamless-wallet/index';
import { pointMallBackofficeRoutes } from '../modules/point-mall/index';
import { withdrawalsBackofficeRoutes } from '../modules/withdrawals/index';
import { vipBackofficeRoutes } from '../modules/vip/index';
import { clientOf } from './request-context';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a back-office route asks of its caller, checked as the request arrives, before its body is read:
     * a permission of the operator's roles (BO_PERMISSION_DENIED, 403), 'signedIn' any signed-in operator, or
     * 'public' (the sign-in steps). A back-office route without one stops the server at start.
     */
    permission?: RoutePermission;
    /**
     * The route changes what every brand shares (vendors' feeds, the request-encryption keys): only an operator
     * of every brand may call it (BO_PLATFORM_ONLY, 403), checked with the permission.
     */
    platformWide?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in operator of a back-office call (from the `parlay_bo` cookie), or null. */
    operator: SignedInOperator | null;
    /** The brand of a brand-scoped back-office call (`:brand`), checked against the operator and the allow-list. */
    brand: Merchant | null;
  }
}

/** Each module's back-office routes; a feature with operator pages adds its plugin here. */
const BACKOFFICE_ROUTES: FastifyPluginAsync[] = [
  operatorsBackofficeRoutes,
  auditBackofficeRoutes,
  reportsBackofficeRoutes,
  vipBackofficeRoutes,
  bonusesBackofficeRoutes,
  applicationsBackofficeRoutes,
  playersBackofficeRoutes,
  protectionBackofficeRoutes,
  gamesBackofficeRoutes,
  abandonedRoundsBackofficeRoutes,
  keysBackofficeRoutes,
  merchantBackofficeRoutes,
  contentBackofficeRoutes,
  messagesBackofficeRoutes,
  supportBackofficeRoutes,
  withdrawalsBackofficeRoutes,
  kycBackofficeRoutes,
  cashierBackofficeRoutes,
  pointMallBackofficeRoutes,
  pointsBackofficeRoutes,
  rebatesBackofficeRoutes,
  missionsBackofficeRoutes,
  referralBackofficeRoutes,
  abuseBackofficeRoutes,
  leaderboardsBackofficeRoutes,
  rafflesBackofficeRoutes,
  lotteryAdminBackofficeRoutes,
  agentsBackofficeRoutes,
  agentSettlementsBackofficeRoutes,
  agentSettingsBackofficeRoutes,
];

const KNOWN_PERMISSIONS = new Set<string>([...PERMISSIONS, 'signedIn', 'public']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const DOCS_PREFIX = '/bo/docs';

/**
 * Whether a write comes from a page of the back office: the browser says it is same-origin, or its Origin is
 * the back office's (BACKOFFICE_URL) or this request's own. With SameSite=Strict the cookie is not sent from
 * another site anyway; this refuses what an old browser or a same-site page might still send.
 */
function isFromBackoffice(request: FastifyRequest, backofficeOrigin: string | null): boolean {
  if (request.headers['sec-fetch-site'] === 'same-origin') return true;
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin === 'null') return false;
  return origin === backofficeOrigin || origin === `${request.protocol}://${request.host}`;
}

/**
 * The back office's API (docs/decisions/0032-back-office-operators-and-audit.md): every module's back-office
 * routes under /bo/api, in a context of their own with their own OpenAPI document (/bo/docs/json, page
 * /bo/docs). Registered before the player API's document, whose hooks then never see these routes, and the
 * player API's hooks (brand from the host, member bearer tokens, rate limits) never run here: a member's
 * token means nothing on /bo/api, and the operator's cookie is read nowhere else (its path is /bo/api).
 */
export const backofficePlugin: FastifyPluginAsync<{
  backofficeUrl?: string | undefined;
  /** The routes plugins to serve: every module's (BACKOFFICE_ROUTES) unless a test gives its own. */
  routes?: FastifyPluginAsync[];
}> = async (app: FastifyInstance, options) => {
  const { signIn, ipAllowLists } = app.backoffice;
  const backofficeOrigin = options.backofficeUrl ? new URL(options.backofficeUrl).origin : null;
  app.decorateRequest('operator', null);
  app.decorateRequest('brand', null);

  // Every route of this context is the back office's; every call of it declares who may make it.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/bo/')) throw new Error(`back-office route outside /bo/: ${route.url}`);
    if (!route.url.startsWith(BACKOFFICE_PATH_PREFIX)) return;
    const permission = route.config?.permission;
    if (permission === undefined || !KNOWN_PERMISSIONS.has(permission)) {
      throw new Error(`back-office route ${route.method.toString()} ${route.url} declares no permission`);
    }
    if (permission !== 'public') route.schema = { ...route.schema, security: [{ operatorSession: [] }] };
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Parlay back office API',
        version: '0.1.0',
        description:
          'The calls of the back office. Sign in with the two steps of /bo/api/session/sign-in; the session is the ' +
          `${BACKOFFICE_SESSION_COOKIE} cookie. Writes must come from the back office's own pages (Origin).`,
      },
      components: {
        securitySchemes: { operatorSession: { type: 'apiKey', in: 'cookie', name: BACKOFFICE_SESSION_COOKIE } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });

  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (url === undefined || !url.startsWith(BACKOFFICE_PATH_PREFIX)) return;
    if (!SAFE_METHODS.has(request.method) && !isFromBackoffice(request, backofficeOrigin)) {
      throw new AppError('BO_ORIGIN_REFUSED');
    }
    const permission = request.routeOptions.config.permission;
    if (permission === 'public') return;

    // Only the cookie: an Authorization header (a member's bearer token) is never read here.
    const token = readSessionCookie(request.headers.cookie);
    const operator = token ? await signIn.authenticate(token, clientOf(request)) : null;
    if (!operator) throw new AppError('BO_NOT_SIGNED_IN');
    request.operator = operator;
    if (permission !== 'signedIn' && (permission === undefined || !operator.permissions.includes(permission))) {
      throw new AppError('BO_PERMISSION_DENIED');
    }
    if (request.routeOptions.config.platformWide && !operator.allBrands) throw new AppError('BO_PLATFORM_ONLY');

    const params = request.params as Record<string, unknown> | undefined;
    const code = params?.['brand'];
    if (typeof code !== 'string') return;
    const brand = await app.merchants.findByCode(code);
    if (!brand || (!operator.allBrands && !operator.merchantIds.includes(brand.id))) {
      throw new AppError('BO_BRAND_DENIED');
    }
    if (!(await ipAllowLists.isAllowed(brand.id, request.ip))) {
      throw new AppError('BO_IP_NOT_ALLOWED', { ip: request.ip }, { params: { ip: request.ip } });
    }
    request.brand = brand;
  });

  for (const routes of options.routes ?? BACKOFFICE_ROUTES) await app.register(routes);
};
