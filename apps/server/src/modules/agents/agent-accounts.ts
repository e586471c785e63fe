import {
  AFFILIATE_CODE_PARAM,
  AGENT_INVITE_LINK_MAX,
  DOWNLINE_ACCOUNT_TYPES,
  validateFields,
  type CreateDownlineAccountRequest,
  type CreateInviteLinkRequest,
  type DownlineAccount,
  type DownlineAccountKind,
  type InviteLink,
  type InviteLinks,
  type TranslatedLanguage,
} from '@parlay/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/crypto/password';
import { buildSiteLink, type Merchant } from '../merchant/index';
import { createInviteCode, uniqueViolation, violationError, type RegistrationService } from '../registration/index';
import * as repository from './agent-accounts.repository';
import type { AgentCaller } from './agents.service';
import { checkOfferTerms } from './contracts';

/** The site's registration page, which opens the register dialog with the code (as the member's invite link). */
const REGISTER_PAGE_PATH = '/register';
/** A link's code: 10 of the invite codes' letters, so it is never a member's own (8) code. */
const LINK_CODE_LENGTH = 10;
/** Tries at a fresh code or invite code when a random one is taken on the brand (about never). */
const CODE_TRIES = 3;
/** The list shows every active link and this many disabled ones with them, at most. */
const LIST_LIMIT = AGENT_INVITE_LINK_MAX * 2;

function kindOf(type: number): DownlineAccountKind {
  return type === DOWNLINE_ACCOUNT_TYPES.agent ? 'agent' : 'member';
}

/**
 * The agent centre's account page, registerCenter (docs/product/agent-centre.md#account, decision 0064): the agent's
 * invitation links, and accounts it creates in its downline directly. The new account is always a direct member of
 * the caller (member_tree follows by its trigger, decision 0059); a sub-agent only where the brand allows it.
 */
export class AgentAccountsService {
  constructor(
    private readonly db: Database,
    private readonly registration: RegistrationService,
  ) {}

  async listLinks(caller: AgentCaller, merchant: Merchant): Promise<InviteLinks> {
    const rows = await repository.listLinks(this.db, caller.memberId, LIST_LIMIT);
    return {
      items: rows.map((row) => this.toLink(merchant, row)),
      subAgentsAllowed: await repository.subAgentsAllowed(this.db, merchant.id),
      max: AGENT_INVITE_LINK_MAX,
    };
  }

  async createLink(caller: AgentCaller, merchant: Merchant, request: CreateInviteLinkRequest): Promise<InviteLink> {
    await this.requireKindAllowed(merchant.id, request.accountType);
    const contractTerms = request.contractTerms ?? [];
    for (let attempt = 0; attempt < CODE_TRIES; attempt += 1) {
      try {
        const row = await this.db.transaction(async (tx) => {
          // Each term as an offer of the agent's would be (decision 0066): a refusal writes no link.
          for (const terms of contractTerms) await checkOfferTerms(tx, caller.memberId, terms);
          return repository.insertLink(tx, {
            merchantId: merchant.id,
            agentId: caller.memberId,
            code: createInviteCode(LINK_CODE_LENGTH),
            label: request.label,
            accountType: DOWNLINE_ACCOUNT_TYPES[request.accountType],
            contractTerms,
            max: AGENT_INVITE_LINK_MAX,
          });
        });
        if (!row) throw new AppError('AGENT_INVITE_LINK_LIMIT');
        return this.toLink(merchant, row);
      } catch (error) {
        if (uniqueViolation(error) === null) throw error;
      }
    }
    throw new Error('could not allocate an invitation link code');
  }

  async disableLink(caller: AgentCaller, merchant: Merchant, linkId: number): Promise<InviteLink> {
    const row = await repository.disableLink(this.db, caller.memberId, linkId);
    if (!row) throw new AppError('AGENT_INVITE_LINK_NOT_FOUND');
    return this.toLink(merchant, row);
  }

  /**
   * A direct member (or sub-agent) of the caller with an account and password by the brand's registration rules (the
   * rules engine registration runs), once per request id: a repeat answers the account the first made. No sign-up
   * bonus: the agent, not the member, chose to make it (decision 0064).
   */
  async createAccount(
    caller: AgentCaller,
    merchant: Merchant,
    request: CreateDownlineAccountRequest,
    client: { ip: string; language: TranslatedLanguage },
  ): Promise<DownlineAccount> {
    const earlier = await repository.findAccountRequest(this.db, caller.memberId, request.requestId);
    if (earlier) return this.toAccount(earlier, true);
    await this.requireKindAllowed(merchant.id, request.accountType);

    const rules = await this.registration.getRules(merchant.id);
    const account = request.account.trim();
    const nickname = request.nickname?.trim() || '';
    const violation = validateFields(
      { username: account, password: request.password.trim(), nickname },
      {
        ...rules,
        // The username tab's rules: an account and a password, each by its rule, whatever else the brand asks for.
        username: { ...rules.username, enabled: true },
        password: { ...rules.password, enabled: true },
        nickname: { ...rules.nickname, required: false },
      },
      ['username', 'password'],
    ).find((item) => item.field === 'username' || item.field === 'password' || item.field === 'nickname');
    if (violation) throw violationError(violation);
    const passwordHash = await hashPassword(request.password.trim());

    for (let attempt = 0; attempt < CODE_TRIES; attempt += 1) {
      try {
        const row = await this.db.transaction((tx) =>
          repository.insertDownlineAccount(tx, {
            merchantId: merchant.id,
            agentId: caller.memberId,
            requestId: request.requestId,
            account,
            nickname: nickname || account,
            agentType: DOWNLINE_ACCOUNT_TYPES[request.accountType],
            passwordHash,
            inviteCode: createInviteCode(),
            language: client.language,
            ip: client.ip,
          }),
        );
        return this.toAccount(row, false);
      } catch (error) {
        const violated = uniqueViolation(error);
        if (violated === null) throw error;
        if (violated.includes('invite_code')) continue;
        // The same request sent twice at once: the other made the account (its name, or its request row, is taken).
        const repeat = await repository.findAccountRequest(this.db, caller.memberId, request.requestId);
        if (repeat) return this.toAccount(repeat, true);
        throw new AppError('ACCOUNT_EXISTS', { field: 'account' });
      }
    }
    throw new Error('could not allocate an invite code');
  }

  private async requireKindAllowed(merchantId: number, kind: DownlineAccountKind): Promise<void> {
    if (kind === 'agent' && !(await repository.subAgentsAllowed(this.db, merchantId))) {
      throw new AppError('AGENT_SUB_AGENTS_OFF');
    }
  }

  private toLink(merchant: Merchant, row: repository.InviteLinkRow): InviteLink {
    return {
      id: row.id,
      code: row.code,
      label: row.label,
      accountType: kindOf(row.accountType),
      // On the brand's configured address, never the request's host (decision 0026).
      url: merchant.siteUrl ? buildSiteLink(merchant, REGISTER_PAGE_PATH, { [AFFILIATE_CODE_PARAM]: row.code }) : null,
      registrations: row.registrations,
      active: row.active,
      createdAt: row.createdAt,
      disabledAt: row.disabledAt,
      contractTerms: row.contractTerms,
    };
  }

  private toAccount(row: repository.CreatedAccountRow, repeated: boolean): DownlineAccount {
    return {
      id: row.id,
      account: row.account,
      nickname: row.nickname,
      accountType: kindOf(row.agentType),
      createdAt: row.createdAt,
      repeated,
    };
  }
}
