import {
  AltchaChallengeResponseSchema,
  BalanceResponseSchema,
  EmailRecoveryResponseSchema,
  EmailResetResponseSchema,
  ERRORS,
  FavoriteChangeResponseSchema,
  FavoriteGamesResponseSchema,
  FavoriteIdsResponseSchema,
  GameListResponseSchema,
  GameMenusResponseSchema,
  GameVendorResponseSchema,
  HelpCenterResponseSchema,
  LanguageUpdateResponseSchema,
  LoginResponseSchema,
  ListAnnouncementsResponseSchema,
  LaunchGameResponseSchema,
  RankListResponseSchema,
  RecentGamesResponseSchema,
  RegisterSettingsResponseSchema,
  RoomListResponseSchema,
  SmsSentResponseSchema,
  REALTIME_PATH,
  type ErrorCode,
  type ErrorEnvelope,
  type SuccessEnvelope,
} from '@parlay/contract';
import { delay, http, HttpResponse, ws, type HttpHandler, type WebSocketHandler } from 'msw';
import type { z } from 'zod';

/** A call's answer as the contract describes it: the success envelope around its value. */
type ResponseSchema = z.ZodType<SuccessEnvelope<unknown>>;

/** What `schema`'s call answers in its envelope's `value`. */
export type ValueOf<S extends ResponseSchema> = z.infer<S>['value'];

/**
 * The success envelope around `value`, as the server sends it: checked by the call's response schema,
 * so a test cannot answer what the contract would refuse.
 */
export function ok<S extends ResponseSchema>(schema: S, value: ValueOf<S>) {
  return HttpResponse.json(schema.parse({ success: true, code: 'OK', message: '', value }));
}

/** The failure envelope of `code`, with its HTTP status and English text from the error catalogue. */
export function fail(code: ErrorCode, value?: unknown) {
  const { status, en } = ERRORS[code];
  const envelope: ErrorEnvelope = { success: false, code, message: en, value };
  return HttpResponse.json(envelope, { status });
}

/** The calls the web tests answer: method, path and the contract's response schema of each. */
const CALLS = {
  announcements: {
    method: 'get',
    path: '/wps/relay/MCSFE_getListAnnouncements',
    schema: ListAnnouncementsResponseSchema,
  },
  balance: { method: 'get', path: '/wps/v2/wallets/balance', schema: BalanceResponseSchema },
  gameVendor: { method: 'get', path: '/wps/relay/GCSGAME_gameVendor', schema: GameVendorResponseSchema },
  gameList: { method: 'get', path: '/wps/relay/GCSGAME_gameList', schema: GameListResponseSchema },
  gameMenus: { method: 'get', path: '/lgw/games/game_menus', schema: GameMenusResponseSchema },
  helpCenter: { method: 'get', path: '/wps/system/helpCenter', schema: HelpCenterResponseSchema },
  rankList: { method: 'get', path: '/wps/relay/GCSGAME_getRankList', schema: RankListResponseSchema },
  favoriteIds: { method: 'get', path: '/wps/relay/MCSFE_getFavoriteGames', schema: FavoriteIdsResponseSchema },
  favoriteGames: {
    method: 'get',
    path: '/wps/relay/MCSFE_getFavoriteGamesList',
    schema: FavoriteGamesResponseSchema,
  },
  addFavorite: { method: 'post', path: '/wps/relay/MCSFE_addFavoriteGame', schema: FavoriteChangeResponseSchema },
  recentGames: { method: 'get', path: '/wps/relay/GCS_recentGame', schema: RecentGamesResponseSchema },
  roomList: { method: 'get', path: '/wps/relay/GLS2_roomList', schema: RoomListResponseSchema },
  launchGame: { method: 'post', path: '/wps/game/launchGame', schema: LaunchGameResponseSchema },
  memberLanguage: { method: 'put', path: '/wps/member/language', schema: LanguageUpdateResponseSchema },
  registerSettings: {
    method: 'get',
    path: '/wps/system/setting/register',
    schema: RegisterSettingsResponseSchema,
  },
  /** The behaviour check; POSTed with a purpose, the challenge of that sign-in (decision 0030). */
  altcha: { method: 'get', path: '/wps/verification/altcha', schema: AltchaChallengeResponseSchema },
  altchaFor: { method: 'post', path: '/wps/verification/altcha', schema: AltchaChallengeResponseSchema },
  login: { method: 'post', path: '/wps/session/login', schema: LoginResponseSchema },
  loginChallengeCode: {
    method: 'post',
    path: '/wps/session/login/verification/code',
    schema: SmsSentResponseSchema,
  },
  loginSms: { method: 'post', path: '/wps/verification/sms/noLogin', schema: SmsSentResponseSchema },
  registerSms: { method: 'post', path: '/wps/verification/sms/register', schema: SmsSentResponseSchema },
  emailRecovery: { method: 'post', path: '/wps/member/password/email', schema: EmailRecoveryResponseSchema },
  emailReset: { method: 'post', path: '/wps/member/password/email/reset', schema: EmailResetResponseSchema },
} as const satisfies Record<string, { method: 'get' | 'post' | 'put'; path: string; schema: ResponseSchema }>;

export type Call = keyof typeof CALLS;
type CallValue<C extends Call> = ValueOf<(typeof CALLS)[C]['schema']>;

/** What a handler is given: the request as sent, and its URL parsed. */
export interface Sent {
  request: Request;
  url: URL;
}

/**
 * A handler for `call` that answers `reply`: its value, or a function of the request that returns the
 * value, a Response of its own (`fail(...)`, `HttpResponse.error()`), or nothing to leave the request to
 * the next handler that matches (to record what was sent).
 */
export function answer<C extends Call>(
  call: C,
  reply:
    CallValue<C> | ((sent: Sent) => CallValue<C> | Response | undefined | Promise<CallValue<C> | Response | undefined>),
): HttpHandler {
  const { method, path, schema } = CALLS[call];
  return http[method](path, async ({ request }) => {
    const value = typeof reply === 'function' ? await reply({ request, url: new URL(request.url) }) : reply;
    if (value === undefined || value instanceof Response) return value;
    return ok(schema, value);
  });
}

/** A handler for `call` that never answers: the request stays in flight until the page drops it. */
export function unanswered(call: Call): HttpHandler {
  const { method, path } = CALLS[call];
  return http[method](path, () => delay('infinite'));
}

/**
 * Every call no handler before it answers fails as when the platform is out of reach: 503
 * SERVICE_UNAVAILABLE, whose text is the client's own for a network error. Not `HttpResponse.error()`:
 * with @mswjs/interceptors 0.41, a network error whose request is aborted in the same moment (a page
 * unmounting at the end of a test) surfaces as an unhandled rejection.
 */
export function offline(): HttpHandler {
  return http.all('*', () => fail('SERVICE_UNAVAILABLE'));
}

/** The realtime socket connects and is told nothing: balances come from their calls only. */
export function silentRealtime(): WebSocketHandler {
  const realtime = ws.link(`ws://${location.host}${REALTIME_PATH}`);
  return realtime.addEventListener('connection', () => undefined);
}
