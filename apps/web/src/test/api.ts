import {
  ACCOUNT_CALLS,
  AltchaChallengeResponseSchema,
  BalanceResponseSchema,
  EmailRecoveryResponseSchema,
  EmailResetResponseSchema,
  ERRORS,
  FavoriteChangeResponseSchema,
  FavoriteGamesResponseSchema,
  FavoriteIdsResponseSchema,
  GAME_CALLS,
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
  SYSTEM_CALLS,
  WALLET_CALLS,
  type ApiCall,
  type CallMethod,
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

/** The calls the web tests answer: each a call of the contract's tables with its response schema. */
const CALLS = {
  announcements: { ...SYSTEM_CALLS.announcements, schema: ListAnnouncementsResponseSchema },
  balance: { ...WALLET_CALLS.balance, schema: BalanceResponseSchema },
  gameVendor: { ...GAME_CALLS.gameVendor, schema: GameVendorResponseSchema },
  gameList: { ...GAME_CALLS.gameList, schema: GameListResponseSchema },
  gameMenus: { ...GAME_CALLS.gameMenus, schema: GameMenusResponseSchema },
  helpCenter: { ...SYSTEM_CALLS.helpCenter, schema: HelpCenterResponseSchema },
  rankList: { ...GAME_CALLS.rankList, schema: RankListResponseSchema },
  favoriteIds: { ...GAME_CALLS.favoriteIds, schema: FavoriteIdsResponseSchema },
  favoriteGames: { ...GAME_CALLS.favoriteGames, schema: FavoriteGamesResponseSchema },
  addFavorite: { ...GAME_CALLS.addFavorite, schema: FavoriteChangeResponseSchema },
  recentGames: { ...GAME_CALLS.recentGames, schema: RecentGamesResponseSchema },
  roomList: { ...GAME_CALLS.roomList, schema: RoomListResponseSchema },
  launchGame: { ...GAME_CALLS.launchGame, schema: LaunchGameResponseSchema },
  memberLanguage: { ...ACCOUNT_CALLS.memberLanguage, schema: LanguageUpdateResponseSchema },
  registerSettings: { ...ACCOUNT_CALLS.registerSettings, schema: RegisterSettingsResponseSchema },
  /** The behaviour check; POSTed with a purpose, the challenge of that sign-in (decision 0030). */
  altcha: { ...ACCOUNT_CALLS.altcha, schema: AltchaChallengeResponseSchema },
  altchaFor: { ...ACCOUNT_CALLS.altchaFor, schema: AltchaChallengeResponseSchema },
  login: { ...ACCOUNT_CALLS.login, schema: LoginResponseSchema },
  loginChallengeCode: { ...ACCOUNT_CALLS.loginChallengeCode, schema: SmsSentResponseSchema },
  loginSms: { ...ACCOUNT_CALLS.loginSms, schema: SmsSentResponseSchema },
  registerSms: { ...ACCOUNT_CALLS.registerSms, schema: SmsSentResponseSchema },
  emailRecovery: { ...ACCOUNT_CALLS.emailRecovery, schema: EmailRecoveryResponseSchema },
  emailReset: { ...ACCOUNT_CALLS.emailReset, schema: EmailResetResponseSchema },
} as const satisfies Record<string, ApiCall & { schema: ResponseSchema }>;

/** MSW's handler maker for each method of the contract. */
const HANDLER_OF = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete } as const satisfies Record<
  CallMethod,
  unknown
>;

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
  return HANDLER_OF[method](path, async ({ request }) => {
    const value = typeof reply === 'function' ? await reply({ request, url: new URL(request.url) }) : reply;
    if (value === undefined || value instanceof Response) return value;
    return ok(schema, value);
  });
}

/** A handler for `call` that never answers: the request stays in flight until the page drops it. */
export function unanswered(call: Call): HttpHandler {
  const { method, path } = CALLS[call];
  return HANDLER_OF[method](path, () => delay('infinite'));
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
  const realtime = ws.link(`ws://${location.host}${WALLET_CALLS.balanceSocket.path}`);
  return realtime.addEventListener('connection', () => undefined);
}
