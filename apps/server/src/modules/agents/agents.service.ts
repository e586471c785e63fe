import type {
  BoMoveMemberRequest,
  BoTreeNode,
  BoTreePage,
  BoTreeQuery,
  PageRequest,
  TeamChildrenQuery,
  TeamMembersQuery,
  TeamPage,
} from '@parlay/contract';
import { AGENT_TYPES } from '@parlay/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor, AuditService } from '../audit/index';
import type { Merchant } from '../merchant/index';
import * as repository from './agents.repository';
import * as teamDays from './team-days.repository';

/** The signed-in agent whose downline a call reads: its session's member and brand, never the request's. */
export interface AgentCaller {
  memberId: number;
  merchantId: number;
}

/** The brand's currency, which a team page's balances are in. */
export type TeamBrand = Pick<Merchant, 'id' | 'brand'>;

function isAgentType(type: number): boolean {
  return (AGENT_TYPES as readonly number[]).includes(type);
}

/** The next page's cursor: the last row's lower-case account (keyset by account), when one more row was read. */
function pageOf<T extends { account: string }>(rows: T[], limit: number): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? items.at(-1)!.account.toLowerCase() : null };
}

/**
 * The downline tree (decision 0059): whether a member is under an agent, the agent's team and a node's children for
 * its tree view, and the back office's tree with moves between uplines. The tree itself is member_tree, which the
 * database keeps from members.upline_id (db/functions/member_tree_check.sql and member_tree_apply.sql); a move is a change of upline_id.
 *
 * Every agent call of the agent centre reads only the caller's own downline: `requireInDownline` is the one check
 * each of them makes on a member the request names, with the one refusal AGENT_NOT_IN_DOWNLINE.
 */
export class DownlineService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
  ) {}

  /**
   * Rebuilds the team days of every upline the members have now (decision 0069), from the members' days, with the
   * feed's consumer held: for a writer that places members outside the move (the demo seed, after its placement; the
   * members had no upline before, so no other agent's rows held them).
   */
  async rebuildUplineTeams(memberIds: readonly number[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await teamDays.lockFigures(tx);
      const uplines = new Set<number>();
      for (const memberId of memberIds) for (const id of await teamDays.findAncestors(tx, memberId)) uplines.add(id);
      await teamDays.rebuildTeams(tx, [...uplines]);
    });
  }

  /** Whether `memberId` is under `agentId` at any depth; an agent is not in its own downline. */
  async isInDownline(agentId: number, memberId: number): Promise<boolean> {
    return repository.isInDownline(this.db, agentId, memberId);
  }

  /**
   * Refuses a member outside the caller's downline (of another brand, of another agent's, the caller's upline, one
   * that does not exist) with AGENT_NOT_IN_DOWNLINE, the same code whichever: a caller learns nothing of members not
   * its own. The tree holds no pair across brands (its trigger refuses such an upline), so this is the brand's check
   * too.
   */
  async requireInDownline(agent: AgentCaller, memberId: number): Promise<void> {
    if (!(await repository.isInDownline(this.db, agent.memberId, memberId)))
      throw new AppError('AGENT_NOT_IN_DOWNLINE');
  }

  /** The caller's downline at any depth (or its direct members), by account, with balances in the brand's currency. */
  async teamMembers(agent: AgentCaller, merchant: TeamBrand, query: TeamMembersQuery): Promise<TeamPage> {
    const rows = await repository.findTeamPage(this.db, {
      merchantId: agent.merchantId,
      ancestorId: agent.memberId,
      currency: merchant.brand.currency,
      account: query.account,
      directOnly: query.direct ?? false,
      after: query.cursor ?? null,
      limit: query.limit + 1,
    });
    return { ...pageOf(rows, query.limit), ...currencyOf(merchant) };
  }

  /**
   * A node's direct children for the tree view: the caller's own (no `parentId`) or a downline member's. Their levels
   * are counted from the caller, as the team list counts them.
   */
  async teamChildren(agent: AgentCaller, merchant: TeamBrand, query: TeamChildrenQuery): Promise<TeamPage> {
    const parentId = query.parentId ?? agent.memberId;
    if (parentId !== agent.memberId) await this.requireInDownline(agent, parentId);
    const rows = await repository.findTeamPage(this.db, {
      merchantId: agent.merchantId,
      ancestorId: agent.memberId,
      parentId,
      currency: merchant.brand.currency,
      directOnly: parentId === agent.memberId,
      after: query.cursor ?? null,
      limit: query.limit + 1,
    });
    return { ...pageOf(rows, query.limit), ...currencyOf(merchant) };
  }

  /** The back office's tree: the brand's members by account, searchable, agents only on request. */
  async boTree(merchant: Pick<Merchant, 'id'>, query: BoTreeQuery): Promise<BoTreePage> {
    const rows = await repository.findTreePage(this.db, {
      merchantId: merchant.id,
      account: query.account,
      agentTypes: query.agents ? AGENT_TYPES : undefined,
      after: query.cursor ?? null,
      limit: query.limit + 1,
    });
    return pageOf(rows, query.limit);
  }

  /** A member's direct children in the back office's tree; AGENT_MEMBER_NOT_FOUND for no member of the brand. */
  async boChildren(merchant: Pick<Merchant, 'id'>, memberId: number, query: PageRequest): Promise<BoTreePage> {
    if (!(await repository.findTreeNode(this.db, merchant.id, memberId))) throw new AppError('AGENT_MEMBER_NOT_FOUND');
    const rows = await repository.findTreePage(this.db, {
      merchantId: merchant.id,
      parentId: memberId,
      after: query.cursor ?? null,
      limit: query.limit + 1,
    });
    return pageOf(rows, query.limit);
  }

  /**
   * Moves a member with its whole downline under `uplineId`, an agent of the brand, or to the top (null); audited
   * with the upline and level before and after. A new upline in the member's own downline (or the member itself) is
   * AGENT_UPLINE_CYCLE, raised by the tree's trigger; one of another brand AGENT_UPLINE_OTHER_BRAND; one that is no
   * agent AGENT_UPLINE_NOT_AGENT. Each writes nothing. The same upline again changes nothing and records nothing.
   * The agents that lost or gained the subtree get their team days rebuilt (decision 0069), with the feed's
   * member-figures consumer held off for the transaction.
   */
  async move(
    actor: Actor,
    merchant: Pick<Merchant, 'id'>,
    memberId: number,
    request: BoMoveMemberRequest,
  ): Promise<BoTreeNode> {
    const { uplineId } = request;
    try {
      return await this.db.transaction(async (tx) => {
        // First, before the member's row: a feed batch holding the checkpoint may be waiting on that row (its days'
        // key), and would deadlock with a move holding the row and waiting on the checkpoint.
        await teamDays.lockFigures(tx);
        const before = await repository.findTreeNode(tx, merchant.id, memberId, { lock: true });
        if (!before) throw new AppError('AGENT_MEMBER_NOT_FOUND');
        if (before.uplineId === uplineId) return before;
        if (uplineId !== null) {
          const upline = await repository.findMemberBrandAndType(tx, uplineId);
          if (upline && upline.merchantId !== merchant.id) throw new AppError('AGENT_UPLINE_OTHER_BRAND');
          if (!upline || !isAgentType(upline.type)) throw new AppError('AGENT_UPLINE_NOT_AGENT');
        }
        const leaving = await teamDays.findAncestors(tx, memberId);
        await repository.setUpline(tx, memberId, uplineId);
        await teamDays.rebuildTeams(tx, changedAncestors(leaving, await teamDays.findAncestors(tx, memberId)));
        const after = await repository.findTreeNode(tx, merchant.id, memberId);
        if (!after) throw new Error(`member ${memberId} vanished during its move`);
        await this.audit.record(tx, {
          actor,
          merchantId: merchant.id,
          action: 'agents.move',
          targetType: 'member',
          targetId: memberId,
          before: placeOf(before),
          after: placeOf(after),
        });
        return after;
      });
    } catch (error) {
      const refusal = repository.findTreeRefusal(error);
      if (refusal) throw new AppError(refusal);
      throw error;
    }
  }
}

/**
 * The agents whose team a move changes (decision 0069): the uplines the member left and those it joined, not those
 * above both, whose team keeps the moved subtree.
 */
function changedAncestors(before: readonly number[], after: readonly number[]): number[] {
  const kept = new Set(before.filter((id) => after.includes(id)));
  return [...before, ...after].filter((id) => !kept.has(id));
}

/** What a move changes of a member, as the audit trail keeps it. */
function placeOf(node: repository.TreeNodeRow) {
  return {
    account: node.account,
    uplineId: node.uplineId,
    uplineAccount: node.uplineAccount,
    level: node.level,
    downlineCount: node.downlineCount,
  };
}

function currencyOf(merchant: TeamBrand): { currency: string; currencyExponent: number } {
  return { currency: merchant.brand.currency, currencyExponent: merchant.brand.currencyExponent };
}
