import type { DownlineTransfer, DownlineTransferOverview, TransferDownlineRequest } from '@parlay/contract';
import { AppError } from '../../lib/app-error';
import type { Merchant } from '../merchant/index';
import * as repository from './member-transfer.repository';
import { MemberTransfers, type TransferSender } from './member-transfer.service';

/**
 * An agent's transfer to a member of its downline (docs/decisions/0062-transfers-to-the-downline.md): from the agent's
 * main wallet to the member's, with the payment password, within the brand's transfer limits (their daily total
 * counted apart from the agent's own transfers to its upline), to the whole downline or to direct members only as the
 * brand sets; one 'downline_transfer' movement and its member_transfers row (MemberTransfers.send). The member is
 * looked up in the agent's own downline only: anyone else is AGENT_NOT_IN_DOWNLINE, whoever it is.
 */
export class DownlineTransferService extends MemberTransfers {
  async getOverview(merchant: Merchant, agent: TransferSender): Promise<DownlineTransferOverview> {
    const owner = { memberId: agent.id, merchantId: merchant.id, currency: merchant.brand.currency };
    const [scope, limits, sentTodayMinor, balanceMinor] = await Promise.all([
      this.getDownlineScope(merchant.id),
      this.getLimits(merchant.id),
      this.sentToday(merchant, agent.id, 'downline'),
      this.wallet.findBalance(this.db, owner),
    ]);
    return { scope, limits, sentTodayMinor, balanceMinor, currency: merchant.brand.currency };
  }

  async transfer(
    merchant: Merchant,
    agent: TransferSender,
    request: TransferDownlineRequest,
  ): Promise<DownlineTransfer> {
    const found = await repository.findSender(this.db, merchant.id, agent.id);
    if (!found) throw new AppError('NOT_LOGGED_IN');
    const member = await repository.findDownlineMember(this.db, merchant.id, agent.id, request.memberId);
    if (!member) throw new AppError('AGENT_NOT_IN_DOWNLINE');
    if (member.depth > 1 && (await this.getDownlineScope(merchant.id)) === 'direct') {
      throw new AppError('TRANSFER_DOWNLINE_DIRECT_ONLY');
    }
    if (member.status !== 'active') throw new AppError('TRANSFER_DOWNLINE_UNAVAILABLE');
    const { recipientAccount, ...sent } = await this.send(
      { merchant, sender: found, recipient: member, direction: 'downline' },
      request,
    );
    return { ...sent, downlineAccount: recipientAccount };
  }
}
