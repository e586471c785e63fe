import {
  DefaultPasswordResponseSchema,
  EndPlayerSessionsResponseSchema,
  ExpirePasswordResponseSchema,
  LedgerPageResponseSchema,
  PlayerAdjustmentResponseSchema,
  PlayerBalancesResponseSchema,
  PlayerNotePageResponseSchema,
  PlayerNoteResponseSchema,
  PlayerPageResponseSchema,
  PlayerProfileResponseSchema,
  PlayerRoundPageResponseSchema,
  PlayerRoundResponseSchema,
  PlayerSessionsResponseSchema,
  PlayerSignInPageResponseSchema,
  AcceptInvitationResponseSchema,
  AnnouncementListResponseSchema,
  AnnouncementOrderResponseSchema,
  AnnouncementResponseSchema,
  AuditPageResponseSchema,
  BACKOFFICE_CALLS,
  DailyReportPageResponseSchema,
  DashboardResponseSchema,
  BrandSettingsResponseSchema,
  ContentRemovedResponseSchema,
  EmptyResponseSchema,
  EndSessionsResponseSchema,
  EnrolmentResponseSchema,
  ERRORS,
  HelpItemListResponseSchema,
  HelpItemResponseSchema,
  InvitationResponseSchema,
  IpAllowListResponseSchema,
  OperatorDetailResponseSchema,
  OperatorListResponseSchema,
  OperatorSessionResponseSchema,
  SignInResponseSchema,
  SignOutEverywhereResponseSchema,
  UploadedImageResponseSchema,
  type ApiCall,
  type CallMethod,
  type ErrorCode,
  type ErrorEnvelope,
  type SuccessEnvelope,
} from '@parlay/contract';
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { z } from 'zod';
import { APPLICATIONS_TEST_CALLS } from './applications-calls';
import { BONUSES_TEST_CALLS } from './bonuses-calls';
import { GAMES_CALLS } from './games-calls';
import { KYC_TEST_CALLS } from './kyc-calls';
import { MISSIONS_TEST_CALLS } from './missions-calls';
import { LEADERBOARDS_TEST_CALLS } from './leaderboards-calls';
import { AGENT_TREE_TEST_CALLS } from './agent-tree-calls';
import { AGENT_CONTRACTS_TEST_CALLS } from './agent-contracts-calls';
import { AGENT_SETTLEMENTS_TEST_CALLS } from './agent-settlements-calls';
import { REFERRALS_TEST_CALLS } from './referrals-calls';
import { RAFFLES_TEST_CALLS } from './raffles-calls';
import { LOTTERY_TEST_CALLS } from './lottery-calls';
import { POINTS_TEST_CALLS } from './points-calls';
import { REBATES_TEST_CALLS } from './rebates-calls';
import { VIP_TEST_CALLS } from './vip-calls';
import { WITHDRAWAL_CALLS } from './withdrawals-calls';

type ResponseSchema = z.ZodType<SuccessEnvelope<unknown>>;
export type ValueOf<S extends ResponseSchema> = z.infer<S>['value'];

/** The success envelope around `value`, checked by the call's response schema: a test cannot answer what the contract would refuse. */
export function ok<S extends ResponseSchema>(schema: S, value: ValueOf<S>) {
  return HttpResponse.json(schema.parse({ success: true, code: 'OK', message: '', value }));
}

/** The failure envelope of `code`, with its HTTP status and English text from the error catalogue. */
export function fail(code: ErrorCode, value?: unknown) {
  const { status, en } = ERRORS[code];
  const envelope: ErrorEnvelope = { success: false, code, message: en, value };
  return HttpResponse.json(envelope, { status });
}

/** The back-office calls the tests answer: each a call of BACKOFFICE_CALLS with its response schema. */
const CALLS = {
  signIn: { ...BACKOFFICE_CALLS.signIn, schema: SignInResponseSchema },
  signInTotp: { ...BACKOFFICE_CALLS.signInTotp, schema: OperatorSessionResponseSchema },
  signInRecovery: { ...BACKOFFICE_CALLS.signInRecovery, schema: OperatorSessionResponseSchema },
  enrolTotp: { ...BACKOFFICE_CALLS.enrolTotp, schema: EnrolmentResponseSchema },
  session: { ...BACKOFFICE_CALLS.session, schema: OperatorSessionResponseSchema },
  signOut: { ...BACKOFFICE_CALLS.signOut, schema: EmptyResponseSchema },
  signOutEverywhere: { ...BACKOFFICE_CALLS.signOutEverywhere, schema: SignOutEverywhereResponseSchema },
  invitation: { ...BACKOFFICE_CALLS.invitation, schema: InvitationResponseSchema },
  acceptInvitation: { ...BACKOFFICE_CALLS.acceptInvitation, schema: AcceptInvitationResponseSchema },
  operators: { ...BACKOFFICE_CALLS.operators, schema: OperatorListResponseSchema },
  operator: { ...BACKOFFICE_CALLS.operator, schema: OperatorDetailResponseSchema },
  inviteOperator: { ...BACKOFFICE_CALLS.inviteOperator, schema: OperatorDetailResponseSchema },
  reinviteOperator: { ...BACKOFFICE_CALLS.reinviteOperator, schema: OperatorDetailResponseSchema },
  suspendOperator: { ...BACKOFFICE_CALLS.suspendOperator, schema: OperatorDetailResponseSchema },
  reactivateOperator: { ...BACKOFFICE_CALLS.reactivateOperator, schema: OperatorDetailResponseSchema },
  setOperatorRoles: { ...BACKOFFICE_CALLS.setOperatorRoles, schema: OperatorDetailResponseSchema },
  setOperatorBrands: { ...BACKOFFICE_CALLS.setOperatorBrands, schema: OperatorDetailResponseSchema },
  resetOperatorTotp: { ...BACKOFFICE_CALLS.resetOperatorTotp, schema: OperatorDetailResponseSchema },
  endOperatorSessions: { ...BACKOFFICE_CALLS.endOperatorSessions, schema: EndSessionsResponseSchema },
  ipAllowList: { ...BACKOFFICE_CALLS.ipAllowList, schema: IpAllowListResponseSchema },
  setIpAllowList: { ...BACKOFFICE_CALLS.setIpAllowList, schema: IpAllowListResponseSchema },
  audit: { ...BACKOFFICE_CALLS.audit, schema: AuditPageResponseSchema },
  dashboard: { ...BACKOFFICE_CALLS.dashboard, schema: DashboardResponseSchema },
  dailyReport: { ...BACKOFFICE_CALLS.dailyReport, schema: DailyReportPageResponseSchema },
  brandSettings: { ...BACKOFFICE_CALLS.brandSettings, schema: BrandSettingsResponseSchema },
  setBrandFlag: { ...BACKOFFICE_CALLS.setBrandFlag, schema: BrandSettingsResponseSchema },
  setBrandMaintenance: { ...BACKOFFICE_CALLS.setBrandMaintenance, schema: BrandSettingsResponseSchema },
  setBrandRegions: { ...BACKOFFICE_CALLS.setBrandRegions, schema: BrandSettingsResponseSchema },
  setBrandTheme: { ...BACKOFFICE_CALLS.setBrandTheme, schema: BrandSettingsResponseSchema },
  setBrandOperator: { ...BACKOFFICE_CALLS.setBrandOperator, schema: BrandSettingsResponseSchema },
  uploadBrandLogo: { ...BACKOFFICE_CALLS.uploadBrandLogo, schema: BrandSettingsResponseSchema },
  announcements: { ...BACKOFFICE_CALLS.announcements, schema: AnnouncementListResponseSchema },
  announcement: { ...BACKOFFICE_CALLS.announcement, schema: AnnouncementResponseSchema },
  createAnnouncement: { ...BACKOFFICE_CALLS.createAnnouncement, schema: AnnouncementResponseSchema },
  updateAnnouncement: { ...BACKOFFICE_CALLS.updateAnnouncement, schema: AnnouncementResponseSchema },
  removeAnnouncement: { ...BACKOFFICE_CALLS.removeAnnouncement, schema: ContentRemovedResponseSchema },
  helpItems: { ...BACKOFFICE_CALLS.helpItems, schema: HelpItemListResponseSchema },
  helpItem: { ...BACKOFFICE_CALLS.helpItem, schema: HelpItemResponseSchema },
  createHelpItem: { ...BACKOFFICE_CALLS.createHelpItem, schema: HelpItemResponseSchema },
  updateHelpItem: { ...BACKOFFICE_CALLS.updateHelpItem, schema: HelpItemResponseSchema },
  uploadContentImage: { ...BACKOFFICE_CALLS.uploadContentImage, schema: UploadedImageResponseSchema },
  setAnnouncementOrder: { ...BACKOFFICE_CALLS.setAnnouncementOrder, schema: AnnouncementOrderResponseSchema },
  players: { ...BACKOFFICE_CALLS.players, schema: PlayerPageResponseSchema },
  player: { ...BACKOFFICE_CALLS.player, schema: PlayerProfileResponseSchema },
  playerBalances: { ...BACKOFFICE_CALLS.playerBalances, schema: PlayerBalancesResponseSchema },
  playerLedger: { ...BACKOFFICE_CALLS.playerLedger, schema: LedgerPageResponseSchema },
  playerRounds: { ...BACKOFFICE_CALLS.playerRounds, schema: PlayerRoundPageResponseSchema },
  playerRound: { ...BACKOFFICE_CALLS.playerRound, schema: PlayerRoundResponseSchema },
  playerSessions: { ...BACKOFFICE_CALLS.playerSessions, schema: PlayerSessionsResponseSchema },
  endPlayerSession: { ...BACKOFFICE_CALLS.endPlayerSession, schema: EmptyResponseSchema },
  endPlayerSessions: { ...BACKOFFICE_CALLS.endPlayerSessions, schema: EndPlayerSessionsResponseSchema },
  playerSignIns: { ...BACKOFFICE_CALLS.playerSignIns, schema: PlayerSignInPageResponseSchema },
  playerNotes: { ...BACKOFFICE_CALLS.playerNotes, schema: PlayerNotePageResponseSchema },
  addPlayerNote: { ...BACKOFFICE_CALLS.addPlayerNote, schema: PlayerNoteResponseSchema },
  lockPlayer: { ...BACKOFFICE_CALLS.lockPlayer, schema: PlayerProfileResponseSchema },
  unlockPlayer: { ...BACKOFFICE_CALLS.unlockPlayer, schema: PlayerProfileResponseSchema },
  expirePlayerPassword: { ...BACKOFFICE_CALLS.expirePlayerPassword, schema: ExpirePasswordResponseSchema },
  setPlayerDefaultPassword: { ...BACKOFFICE_CALLS.setPlayerDefaultPassword, schema: DefaultPasswordResponseSchema },
  adjustPlayerBalance: { ...BACKOFFICE_CALLS.adjustPlayerBalance, schema: PlayerAdjustmentResponseSchema },
  ...GAMES_CALLS,
  ...WITHDRAWAL_CALLS,
  ...KYC_TEST_CALLS,
  ...POINTS_TEST_CALLS,
  ...REBATES_TEST_CALLS,
  ...BONUSES_TEST_CALLS,
  ...APPLICATIONS_TEST_CALLS,
  ...MISSIONS_TEST_CALLS,
  ...LEADERBOARDS_TEST_CALLS,
  ...AGENT_TREE_TEST_CALLS,
  ...AGENT_CONTRACTS_TEST_CALLS,
  ...AGENT_SETTLEMENTS_TEST_CALLS,
  ...REFERRALS_TEST_CALLS,
  ...RAFFLES_TEST_CALLS,
  ...LOTTERY_TEST_CALLS,
  ...VIP_TEST_CALLS,
} as const satisfies Record<string, ApiCall & { schema: ResponseSchema }>;

const HANDLER_OF = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete } as const satisfies Record<
  CallMethod,
  unknown
>;

export type Call = keyof typeof CALLS;
type CallValue<C extends Call> = ValueOf<(typeof CALLS)[C]['schema']>;

export interface Sent {
  request: Request;
  url: URL;
  params: Record<string, string>;
}

/**
 * A handler for `call` that answers `reply`: its value, or a function of the request returning the value, a
 * Response of its own (`fail(...)`), or nothing to leave the request to the next handler.
 */
export function answer<C extends Call>(
  call: C,
  reply:
    CallValue<C> | ((sent: Sent) => CallValue<C> | Response | undefined | Promise<CallValue<C> | Response | undefined>),
): HttpHandler {
  const { method, path, schema } = CALLS[call];
  return HANDLER_OF[method](path, async ({ request, params }) => {
    const sent = { request, url: new URL(request.url), params: params as Record<string, string> };
    const value = typeof reply === 'function' ? await reply(sent) : reply;
    if (value === undefined || value instanceof Response) return value;
    return ok(schema, value);
  });
}
