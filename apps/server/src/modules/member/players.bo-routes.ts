import {
  AddPlayerNoteRequestSchema,
  BACKOFFICE_CALLS,
  isModuleEnabled,
  WHITELABEL,
  DefaultPasswordRequestSchema,
  DefaultPasswordResponseSchema,
  EndPlayerSessionsResponseSchema,
  EmptyResponseSchema,
  ExpirePasswordResponseSchema,
  LedgerPageResponseSchema,
  PageRequestSchema,
  PlayerAdjustmentRequestSchema,
  PlayerAdjustmentResponseSchema,
  PlayerBalancesResponseSchema,
  PlayerLedgerQuerySchema,
  PlayerNotePageResponseSchema,
  PlayerNoteResponseSchema,
  PlayerPageResponseSchema,
  PlayerParamsSchema,
  PlayerProfileResponseSchema,
  PlayerRoundPageResponseSchema,
  PlayerRoundParamsSchema,
  PlayerRoundResponseSchema,
  PlayerRoundsQuerySchema,
  PlayerSearchQuerySchema,
  PlayerSessionParamsSchema,
  PlayerSessionsResponseSchema,
  PlayerSignInPageResponseSchema,
  PlayerStatusRequestSchema,
  type LedgerMovement,
  type PlayerStatus,
} from '@parlay/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import type { LedgerLine } from '../wallet/index';
import { brandOf } from '../../plugins/backoffice-brand';

/** A ledger line as the operator reads it: the key a movement was made under, without the platform's prefix. */
function toMovement(line: LedgerLine): LedgerMovement {
  const reference = line.idempotencyKey.replace(/^adjustment:\d+:/, '').replace(/^vendor:\d+:/, '');
  return {
    id: String(line.id),
    at: line.createdAt,
    kind: line.kind,
    amountMinor: line.amountMinor,
    balanceAfterMinor: line.balanceAfterMinor,
    currency: line.currency,
    reason: line.reason,
    reference,
  };
}

/**
 * A brand's players (docs/decisions/0035-back-office-players.md): the search, a player's page, and the account
 * actions of `npm run admin -- member` and `wallet adjust`, through the same services, each audited.
 */
export const playersBackofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { members, players, playerNotes } = app.admin;
  const { wallet, betting } = app.gaming;
  const tags = ['players'];
  /** The player of the call's `:playerId` on the call's brand, or BO_PLAYER_NOT_FOUND. */
  const playerOf = (request: FastifyRequest, playerId: number) => players.getPlayer(brandOf(request).id, playerId);

  app.get(
    BACKOFFICE_CALLS.players.path,
    {
      config: { permission: 'players.read' },
      schema: {
        tags,
        summary: "The brand's players by account prefix, member ID, phone, e-mail or IP (keyset paged)",
        params: PlayerParamsSchema.pick({ brand: true }),
        querystring: PlayerSearchQuerySchema,
        response: { 200: PlayerPageResponseSchema },
      },
    },
    async (request) => {
      const { by, q, limit, cursor } = request.query;
      const page = await members.searchMembers(brandOf(request).id, { field: by, text: q, limit, cursor });
      return ok({
        items: page.items.map((row) => ({ ...row, status: row.status as PlayerStatus })),
        nextCursor: page.nextCursor,
      });
    },
  );

  app.get(
    BACKOFFICE_CALLS.player.path,
    {
      config: { permission: 'players.read' },
      schema: {
        tags,
        summary: "A player's profile: account, registration, sign-in and password state",
        params: PlayerParamsSchema,
        response: { 200: PlayerProfileResponseSchema },
      },
    },
    async (request) => ok(await players.getProfile(brandOf(request), request.params.playerId)),
  );

  app.get(
    BACKOFFICE_CALLS.playerBalances.path,
    {
      config: { permission: 'players.read' },
      schema: {
        tags,
        summary: "The player's wallets and the stakes on open rounds",
        params: PlayerParamsSchema,
        response: { 200: PlayerBalancesResponseSchema },
      },
    },
    async (request) => {
      const player = await playerOf(request, request.params.playerId);
      const owner = { memberId: player.id, merchantId: player.merchantId, currency: brandOf(request).brand.currency };
      const multiWallet = isModuleEnabled(brandOf(request).whitelabel, WHITELABEL.TRANSFER_WALLETS);
      return ok(await wallet.getConsolidatedFunds(owner, betting, { multiWallet, language: request.language }));
    },
  );

  app.get(
    BACKOFFICE_CALLS.playerLedger.path,
    {
      config: { permission: 'players.read' },
      schema: {
        tags,
        summary: "The player's ledger movements, newest first (keyset paged)",
        params: PlayerParamsSchema,
        querystring: PlayerLedgerQuerySchema,
        response: { 200: LedgerPageResponseSchema },
      },
    },
    async (request) => {
      const player = await playerOf(request, request.params.playerId);
      const page = await wallet.listLedger(player.merchantId, player.id, request.query);
      return ok({ items: page.items.map(toMovement), nextCursor: page.nextCursor });
    },
  );

  app.get(
    BACKOFFICE_CALLS.playerRounds.path,
    {
      config: { permission: 'players.read' },
      schema: {
        tags,
        summary: "The player's rounds, newest first (keyset paged)",
        params: PlayerParamsSchema,
        querystring: PlayerRoundsQuerySchema,
        response: { 200: PlayerRoundPageResponseSchema },
      },
    },
    async (request) => {
      const player = await playerOf(request, request.params.playerId);
      const { limit, cursor, status, vassalage } = request.query;
      const page = await betting.listRecords(player.id, { pageSize: limit, cursor, status, vassalage });
      return ok({ items: page.list, nextCursor: page.nextCursor });
    },
  );

  app.get(
    BACKOFFICE_CALLS.playerRound.path,
    {
      config: { permission: 'players.read' },
      schema: {
        tags,
        summary: 'One round of the player with its money moves and the vendor’s replay data',
        params: PlayerRoundParamsSchema,
        response: { 200: PlayerRoundResponseSchema },
      },
    },
    async (request) => {
      const player = await playerOf(request, request.params.playerId);
      return ok(await betting.getRecordDetail(player.id, request.params.vassalage, request.params.roundId));
    },
  );

  app.get(
    BACKOFFICE_CALLS.playerSessions.path,
    {
      config: { permission: 'players.read' },
      schema: {
        tags,
        summary: "The player's live sessions",
        params: PlayerParamsSchema,
        response: { 200: PlayerSessionsResponseSchema },
      },
    },
    async (request) => ok(await players.listSessions(brandOf(request).id, request.params.playerId)),
  );

  app.delete(
    BACKOFFICE_CALLS.endPlayerSession.path,
    {
      config: { permission: 'players.write' },
      schema: {
        tags,
        summary: 'Ends one session of the player',
        params: PlayerSessionParamsSchema,
        response: { 200: EmptyResponseSchema },
      },
    },
    async (request) => {
      const player = await playerOf(request, request.params.playerId);
      await members.endSession(
        request.operator!.actor,
        brandOf(request).code,
        player.account,
        request.params.sessionId,
      );
      return ok(null);
    },
  );

  app.delete(
    BACKOFFICE_CALLS.endPlayerSessions.path,
    {
      config: { permission: 'players.write' },
      schema: {
        tags,
        summary: 'Ends every session of the player',
        params: PlayerParamsSchema,
        response: { 200: EndPlayerSessionsResponseSchema },
      },
    },
    async (request) => {
      const player = await playerOf(request, request.params.playerId);
      return ok(await members.endSessions(request.operator!.actor, brandOf(request).code, player.account));
    },
  );

  app.get(
    BACKOFFICE_CALLS.playerSignIns.path,
    {
      config: { permission: 'players.read' },
      schema: {
        tags,
        summary: "The player's sign-ins with IP and country, newest first (keyset paged)",
        params: PlayerParamsSchema,
        querystring: PageRequestSchema,
        response: { 200: PlayerSignInPageResponseSchema },
      },
    },
    async (request) => ok(await players.listSignIns(brandOf(request).id, request.params.playerId, request.query)),
  );

  app.get(
    BACKOFFICE_CALLS.playerNotes.path,
    {
      config: { permission: 'players.read' },
      schema: {
        tags,
        summary: "Operators' notes on the player, newest first (keyset paged)",
        params: PlayerParamsSchema,
        querystring: PageRequestSchema,
        response: { 200: PlayerNotePageResponseSchema },
      },
    },
    async (request) => ok(await playerNotes.list(brandOf(request).id, request.params.playerId, request.query)),
  );

  app.post(
    BACKOFFICE_CALLS.addPlayerNote.path,
    {
      config: { permission: 'players.write' },
      schema: {
        tags,
        summary: 'Adds a note on the player (never changed or removed afterwards)',
        params: PlayerParamsSchema,
        body: AddPlayerNoteRequestSchema,
        response: { 200: PlayerNoteResponseSchema },
      },
    },
    async (request) =>
      ok(
        await playerNotes.add(request.operator!.actor, brandOf(request).id, request.params.playerId, request.body.body),
      ),
  );

  app.post(
    BACKOFFICE_CALLS.lockPlayer.path,
    {
      config: { permission: 'players.write' },
      schema: {
        tags,
        summary: 'Locks the player: no sign-in, every session ends',
        params: PlayerParamsSchema,
        body: PlayerStatusRequestSchema,
        response: { 200: PlayerProfileResponseSchema },
      },
    },
    async (request) => {
      const brand = brandOf(request);
      const player = await playerOf(request, request.params.playerId);
      await members.lock(request.operator!.actor, brand.code, player.account, request.body.reason);
      return ok(await players.getProfile(brand, player.id));
    },
  );

  app.post(
    BACKOFFICE_CALLS.unlockPlayer.path,
    {
      config: { permission: 'players.write' },
      schema: {
        tags,
        summary: 'Unlocks the player',
        params: PlayerParamsSchema,
        body: PlayerStatusRequestSchema,
        response: { 200: PlayerProfileResponseSchema },
      },
    },
    async (request) => {
      const brand = brandOf(request);
      const player = await playerOf(request, request.params.playerId);
      await members.unlock(request.operator!.actor, brand.code, player.account, request.body.reason);
      return ok(await players.getProfile(brand, player.id));
    },
  );

  app.post(
    BACKOFFICE_CALLS.expirePlayerPassword.path,
    {
      config: { permission: 'players.write' },
      schema: {
        tags,
        summary: 'The password counts as expired: the next sign-in must change it (`member expire-password`)',
        params: PlayerParamsSchema,
        response: { 200: ExpirePasswordResponseSchema },
      },
    },
    async (request) => {
      const player = await playerOf(request, request.params.playerId);
      const { forced } = await members.expirePassword(request.operator!.actor, brandOf(request).code, player.account);
      return ok({ forced });
    },
  );

  app.post(
    BACKOFFICE_CALLS.setPlayerDefaultPassword.path,
    {
      config: { permission: 'players.write' },
      schema: {
        tags,
        summary: 'A temporary password, changed at the next sign-in; every session ends (`member default-password`)',
        params: PlayerParamsSchema,
        body: DefaultPasswordRequestSchema,
        response: { 200: DefaultPasswordResponseSchema },
      },
    },
    async (request) => {
      const player = await playerOf(request, request.params.playerId);
      const { password, endedSessions } = await members.setDefaultPassword(
        request.operator!.actor,
        brandOf(request).code,
        player.account,
        request.body.password,
      );
      return ok({ password, endedSessions });
    },
  );

  app.post(
    BACKOFFICE_CALLS.adjustPlayerBalance.path,
    {
      config: { permission: 'players.money' },
      schema: {
        tags,
        summary: 'Credits or debits the player with a reason, idempotent by key (`wallet adjust`)',
        params: PlayerParamsSchema,
        body: PlayerAdjustmentRequestSchema,
        response: { 200: PlayerAdjustmentResponseSchema },
      },
    },
    async (request) => {
      const brand = brandOf(request);
      const player = await playerOf(request, request.params.playerId);
      // The CLI's own call: the same key space (`adjustment:<brand>:<key>`), rules and audit entry.
      const result = await wallet.adjust(
        { merchantCode: brand.code, account: player.account, ...request.body },
        app.merchants,
        request.operator!.actor,
      );
      return ok({ applied: result.applied, balanceMinor: result.balanceMinor, currency: result.currency });
    },
  );
};
