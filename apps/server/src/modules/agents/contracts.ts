import {
  AGENT_TYPES,
  CONTRACT_KINDS,
  type BoContract,
  type BoContractListQuery,
  type BoContractPage,
  type BoSetBrandContractRequest,
  type ConsolidatedContracts,
  type Contract,
  type ContractActionRequest,
  type ContractActionResult,
  type ContractKind,
  type ContractRequestType,
  type ContractTerms,
  type KindContracts,
  type MemberInfo,
} from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { actorText, type Actor, type AuditService } from '../audit/index';
import type { AgentCaller } from './agents.service';
import * as repository from './contracts.repository';

/** Ended contracts a kind's page lists. */
const HISTORY_LIMIT = 50;

export function toContract(row: repository.ContractRow): Contract {
  return {
    id: row.id,
    kind: row.kind,
    salaryType: row.salaryType,
    period: row.period,
    tiers: row.tiers,
    topRateBp: row.topRateBp,
    uplineAccount: row.uplineAccount,
    downlineAccount: row.downlineAccount,
    status: row.status,
    terminationRequestedBy: row.terminationRequestedBy,
    endReason: row.endReason,
    createdAt: row.createdAt,
    activatedAt: row.activatedAt,
    endedAt: row.endedAt,
    version: row.version,
  };
}

function toBoContract(row: repository.ContractRow): BoContract {
  return { ...toContract(row), uplineId: row.uplineId, downlineId: row.downlineId };
}

/**
 * Terms that fit their kind (a dividend has a period and no salary type; a salary the reverse) with tiers whose
 * rates rise strictly and whose requirements never fall; else CONTRACT_TERMS_INVALID. Answers the top rate.
 */
export function checkTerms(terms: ContractTerms): number {
  const invalid = (reason: string) => new AppError('CONTRACT_TERMS_INVALID', { reason });
  if (terms.kind === 'dividend' ? terms.period === null || terms.salaryType !== null : terms.salaryType === null) {
    throw invalid(terms.kind === 'dividend' ? 'a dividend has a period and no salary type' : 'a salary has a type');
  }
  if (terms.kind !== 'dividend' && terms.period !== null) throw invalid('a salary has no period');
  terms.tiers.forEach((tier, index) => {
    const before = terms.tiers[index - 1];
    if (
      before &&
      (tier.rateBp <= before.rateBp ||
        tier.minActiveMembers < before.minActiveMembers ||
        tier.minValidBetMinor < before.minValidBetMinor)
    ) {
      throw invalid('each tier has a higher rate and asks at least what the one before asks');
    }
  });
  return terms.tiers.at(-1)!.rateBp;
}

/**
 * Terms an agent may offer (decision 0066): valid terms (checkTerms) of a kind it holds (CONTRACT_UPLINE_HAS_NONE), on
 * its own salary type or period (CONTRACT_TERMS_MISMATCH), at a top rate no higher than its own
 * (CONTRACT_RATE_ABOVE_OWN). The agent's own active contract is locked, so a change to it waits for the caller's
 * transaction. An offer checks this, and so do an invitation link's terms when it is made and at each registration.
 * Answers the top rate.
 */
export async function checkOfferTerms(tx: Executor, offererId: number, terms: ContractTerms): Promise<number> {
  const topRateBp = checkTerms(terms);
  // The offerer's own contract bounds what it passes on.
  const own = await repository.findActive(tx, offererId, terms.kind, { forUpdate: true });
  if (!own) throw new AppError('CONTRACT_UPLINE_HAS_NONE');
  if (own.salaryType !== terms.salaryType || own.period !== terms.period) {
    throw new AppError('CONTRACT_TERMS_MISMATCH');
  }
  if (topRateBp > own.topRateBp) {
    throw new AppError(
      'CONTRACT_RATE_ABOVE_OWN',
      { maxRateBp: own.topRateBp },
      {
        params: { max: (own.topRateBp / 100).toString() },
      },
    );
  }
  return topRateBp;
}

const REQUEST_FIELD: Record<ContractKind, keyof Omit<ConsolidatedContracts, 'fromUpline' | 'toDownline'>> = {
  daily_salary: 'dailysalreqtype',
  dividend: 'divtypereq',
  hourly_salary: 'contracthoursalreqtype',
  realtime_salary: 'realtimesalreqtype',
};

/**
 * The request of a kind that waits for the caller: a new contract its upline offers, else a termination the other side
 * of one of its contracts asked for.
 */
function requestType(
  kind: ContractKind,
  open: { fromUpline: repository.ContractRow[]; toDownline: repository.ContractRow[] },
): ContractRequestType {
  const mine = open.fromUpline.filter((row) => row.kind === kind);
  if (mine.some((row) => row.status === 'offered')) return 'new';
  const asked =
    mine.some((row) => row.terminationRequestedBy === 'upline') ||
    open.toDownline.some((row) => row.kind === kind && row.terminationRequestedBy === 'downline');
  return asked ? 'terminate' : 'none';
}

/**
 * Agent contracts (decision 0066): an upline offers a direct downline agent a dividend or salary contract at most at its
 * own rate and on its own terms; the downline accepts (ending the contract it replaces, and, once confirmed, its own
 * downline contracts above the new rate) or rejects; the upline may cancel an offer; either side asks to end an active
 * contract and the other confirms. Each action locks the contract, checks its version and writes an event.
 */
export class AgentContractsService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
  ) {}

  /** The consolidated contract info of the caller. */
  async consolidated(caller: AgentCaller): Promise<ConsolidatedContracts> {
    const open = await repository.findOpen(this.db, caller.memberId);
    const info = Object.fromEntries(
      CONTRACT_KINDS.map((kind) => [REQUEST_FIELD[kind], requestType(kind, open)]),
    ) as Pick<ConsolidatedContracts, (typeof REQUEST_FIELD)[ContractKind]>;
    return { ...info, fromUpline: open.fromUpline.map(toContract), toDownline: open.toDownline.map(toContract) };
  }

  /** The consolidated info's requests alone (member info's `contractInfo`). */
  async requestTypes(caller: AgentCaller): Promise<NonNullable<MemberInfo['contractInfo']>> {
    const open = await repository.findOpen(this.db, caller.memberId);
    return Object.fromEntries(
      CONTRACT_KINDS.map((kind) => [REQUEST_FIELD[kind], requestType(kind, open)]),
    ) as NonNullable<MemberInfo['contractInfo']>;
  }

  /** One kind's contracts of the caller, with the ended ones. */
  async ofKind(caller: AgentCaller, kind: ContractKind): Promise<KindContracts> {
    const [open, history] = await Promise.all([
      repository.findOpen(this.db, caller.memberId, kind),
      repository.findHistory(this.db, caller.memberId, kind, HISTORY_LIMIT),
    ]);
    return {
      kind,
      reqtype: requestType(kind, open),
      fromUpline: open.fromUpline.map(toContract),
      toDownline: open.toDownline.map(toContract),
      history: history.map(toContract),
    };
  }

  /** An action of the caller on a contract; `kind` the relay call's own kind (its action must be on that kind). */
  async process(
    caller: AgentCaller,
    request: ContractActionRequest,
    kind: ContractKind | null = null,
  ): Promise<ContractActionResult> {
    if (request.action === 'offer') return this.offer(caller, request, kind);
    if (request.contractId === undefined || request.version === undefined) {
      throw new AppError('VALIDATION_FAILED', {
        issues: [{ path: 'contractId', message: 'contractId and version are required for this action' }],
      });
    }
    const { contractId, version } = request;
    const actor = `member:${caller.memberId}`;
    return this.db.transaction(async (tx) => {
      const row = await repository.lockContract(tx, contractId);
      const side =
        row?.downlineId === caller.memberId ? 'downline' : row?.uplineId === caller.memberId ? 'upline' : null;
      if (!row || side === null || row.merchantId !== caller.merchantId || (kind !== null && row.kind !== kind)) {
        throw new AppError('CONTRACT_NOT_FOUND');
      }
      if (row.version !== version) throw new AppError('CONTRACT_CHANGED');
      const refuse = () => new AppError('CONTRACT_ACTION_NOT_ALLOWED', { status: row.status });
      let endedDownline: ContractActionResult['endedDownline'] = [];
      switch (request.action) {
        case 'accept': {
          if (side !== 'downline' || row.status !== 'offered') throw refuse();
          endedDownline = await this.accept(tx, row, actor, request.confirmDownlineTermination === true);
          break;
        }
        case 'reject':
          if (side !== 'downline' || row.status !== 'offered') throw refuse();
          await repository.endContract(tx, row.id, 'rejected', 'rejected');
          break;
        case 'cancel':
          if (side !== 'upline' || row.status !== 'offered') throw refuse();
          await repository.endContract(tx, row.id, 'cancelled', 'cancelled');
          break;
        case 'requestTermination':
          if (row.status !== 'active' || row.terminationRequestedBy !== null) throw refuse();
          await repository.setTerminationRequest(tx, row.id, side);
          break;
        case 'confirmTermination':
          if (row.status !== 'active' || row.terminationRequestedBy === null || row.terminationRequestedBy === side) {
            throw refuse();
          }
          await repository.endContract(tx, row.id, 'terminated', 'terminated');
          break;
        case 'withdrawTermination':
          if (row.status !== 'active' || row.terminationRequestedBy !== side) throw refuse();
          await repository.setTerminationRequest(tx, row.id, null);
          break;
      }
      await repository.insertEvent(tx, { contractId: row.id, action: request.action, actor });
      return { contract: toContract((await repository.lockContract(tx, row.id))!), endedDownline };
    });
  }

  /** The brand's contracts for the back office, newest first (keyset by id). */
  async boList(merchantId: number, query: BoContractListQuery): Promise<BoContractPage> {
    const beforeId = query.cursor === undefined ? null : Number(query.cursor);
    if (beforeId !== null && (!/^\d{1,18}$/.test(query.cursor!) || !Number.isSafeInteger(beforeId))) {
      throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'cursor', message: 'not a cursor of this list' }] });
    }
    const rows = await repository.findBrandContracts(this.db, merchantId, {
      beforeId,
      limit: query.limit + 1,
      ...(query.status ? { status: query.status } : {}),
    });
    const items = rows.slice(0, query.limit);
    return {
      items: items.map(toBoContract),
      nextCursor: rows.length > query.limit ? String(items.at(-1)!.id) : null,
    };
  }

  /** An operator sets the brand's contract with a top agent by account (audited); AGENT_MEMBER_NOT_FOUND for none. */
  async boSetBrandContract(merchantId: number, request: BoSetBrandContractRequest, actor: Actor): Promise<BoContract> {
    const member = await repository.findMemberForBrandContract(this.db, merchantId, request.account);
    if (!member) throw new AppError('AGENT_MEMBER_NOT_FOUND');
    const contract = await this.setBrandContract(merchantId, member, request.terms, actor);
    return { ...contract, uplineId: null, downlineId: member.id };
  }

  /**
   * The brand's contract with an agent (an operator, audited): active at once, in place of the agent's active contract
   * of that kind from the brand. Only an agent whose upline is no agent takes one (a top agent).
   */
  async setBrandContract(
    merchantId: number,
    member: { id: number; type: number; uplineIsAgent: boolean },
    terms: ContractTerms,
    actor: Actor,
  ): Promise<Contract> {
    const topRateBp = checkTerms(terms);
    if (!(AGENT_TYPES as readonly number[]).includes(member.type) || member.uplineIsAgent) {
      throw new AppError('CONTRACT_NOT_TOP_AGENT');
    }
    return this.db.transaction(async (tx) => {
      const current = await repository.findActive(tx, member.id, terms.kind, { forUpdate: true });
      if (current) {
        if (current.uplineId !== null) throw new AppError('CONTRACT_ACTION_NOT_ALLOWED', { status: current.status });
        await repository.endContract(tx, current.id, 'terminated', 'operator');
        await repository.insertEvent(tx, { contractId: current.id, action: 'replace', actor: actorText(actor) });
      }
      const id = await repository.insertContract(tx, {
        merchantId,
        uplineId: null,
        downlineId: member.id,
        kind: terms.kind,
        salaryType: terms.salaryType,
        period: terms.period,
        tiers: terms.tiers,
        topRateBp,
        status: 'active',
      });
      if (id === undefined) throw new AppError('CONTRACT_CHANGED');
      await repository.insertEvent(tx, { contractId: id, action: 'brand', actor: actorText(actor) });
      await this.audit.record(tx, {
        actor,
        merchantId,
        action: 'agents.contract',
        targetType: 'member',
        targetId: member.id,
        before: current ? { contractId: current.id, tiers: current.tiers } : null,
        after: { contractId: id, ...terms },
      });
      return toContract((await repository.lockContract(tx, id))!);
    });
  }

  /**
   * An invitation link's terms offered to the sub-agent registering through it (decision 0064), in the registration's
   * transaction: each term is checked again as an offer is, since the agent's own contract may have changed since the
   * link was made. A term that no longer fits is skipped and answered with its refusal's code, never an error for
   * the registrant; the others are offers from the agent like any other, with their events.
   */
  async offerLinkTerms(
    tx: Executor,
    input: { merchantId: number; agentId: number; downlineId: number; linkId: number; terms: ContractTerms[] },
  ): Promise<{ kind: ContractKind; code: string }[]> {
    const skipped: { kind: ContractKind; code: string }[] = [];
    for (const terms of input.terms) {
      let topRateBp: number;
      try {
        topRateBp = await checkOfferTerms(tx, input.agentId, terms);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        skipped.push({ kind: terms.kind, code: error.code });
        continue;
      }
      const id = await repository.insertContract(tx, {
        merchantId: input.merchantId,
        uplineId: input.agentId,
        downlineId: input.downlineId,
        kind: terms.kind,
        salaryType: terms.salaryType,
        period: terms.period,
        tiers: terms.tiers,
        topRateBp,
        status: 'offered',
      });
      if (id === undefined) {
        skipped.push({ kind: terms.kind, code: 'CONTRACT_OFFER_PENDING' });
        continue;
      }
      await repository.insertEvent(tx, {
        contractId: id,
        action: 'offer',
        actor: `member:${input.agentId}`,
        detail: { inviteLinkId: input.linkId },
      });
    }
    return skipped;
  }

  // Inside.

  private async offer(
    caller: AgentCaller,
    request: ContractActionRequest,
    kind: ContractKind | null,
  ): Promise<ContractActionResult> {
    const { terms, downlineAccount } = request;
    if (!terms || !downlineAccount) {
      throw new AppError('VALIDATION_FAILED', {
        issues: [{ path: 'terms', message: 'an offer needs downlineAccount and terms' }],
      });
    }
    if (kind !== null && terms.kind !== kind) throw new AppError('CONTRACT_TERMS_INVALID', { reason: 'another kind' });
    const topRateBp = checkTerms(terms);
    const downline = await repository.findDirectDownline(this.db, caller.merchantId, caller.memberId, downlineAccount);
    if (!downline || !(AGENT_TYPES as readonly number[]).includes(downline.type)) {
      throw new AppError('CONTRACT_NOT_DIRECT_DOWNLINE', { account: downlineAccount });
    }
    return this.db.transaction(async (tx) => {
      await checkOfferTerms(tx, caller.memberId, terms);
      const id = await repository.insertContract(tx, {
        merchantId: caller.merchantId,
        uplineId: caller.memberId,
        downlineId: downline.id,
        kind: terms.kind,
        salaryType: terms.salaryType,
        period: terms.period,
        tiers: terms.tiers,
        topRateBp,
        status: 'offered',
      });
      if (id === undefined) throw new AppError('CONTRACT_OFFER_PENDING');
      await repository.insertEvent(tx, { contractId: id, action: 'offer', actor: `member:${caller.memberId}` });
      return { contract: toContract((await repository.lockContract(tx, id))!), endedDownline: [] };
    });
  }

  /**
   * Accepts an offer (locked): the contract it replaces ends, and the accepting agent's own downline contracts of the
   * kind above the new top rate end too once it confirmed (else CONTRACT_CONFIRM_DOWNLINE_TERMINATION naming them).
   */
  private async accept(
    tx: Executor,
    offer: repository.ContractRow,
    actor: string,
    confirmed: boolean,
  ): Promise<ContractActionResult['endedDownline']> {
    const current = await repository.findActive(tx, offer.downlineId, offer.kind, { forUpdate: true });
    const above = await repository.lockDownlineAbove(tx, offer.downlineId, offer.kind, offer.topRateBp);
    if (above.length > 0 && !confirmed) {
      const accounts = above.map((row) => row.downlineAccount);
      throw new AppError(
        'CONTRACT_CONFIRM_DOWNLINE_TERMINATION',
        { accounts, contractIds: above.map((row) => row.id) },
        { params: { accounts: accounts.join(', ') } },
      );
    }
    if (current) {
      await repository.endContract(tx, current.id, 'terminated', 'replaced');
      await repository.insertEvent(tx, { contractId: current.id, action: 'replaced', actor, detail: { by: offer.id } });
    }
    for (const row of above) {
      await repository.endContract(
        tx,
        row.id,
        row.status === 'offered' ? 'cancelled' : 'terminated',
        'upline_rate_lowered',
      );
      await repository.insertEvent(tx, {
        contractId: row.id,
        action: 'upline_rate_lowered',
        actor: 'system',
        detail: { by: offer.id, rateBp: offer.topRateBp },
      });
    }
    await repository.activate(tx, offer.id);
    return above.map((row) => ({ contractId: row.id, account: row.downlineAccount }));
  }
}
