import type { TransferUplineRequest, UplineOverview, UplineTransfer } from '@parlay/contract';
import { AppError } from '../../lib/app-error';
import type { Merchant } from '../merchant/index';
import * as repository from './member-transfer.repository';
import { MemberTransfers, type TransferSender } from './member-transfer.service';

/**
 * The transfer to the upline agent (docs/decisions/0043-upline-transfers-and-kyc.md): a member sends money from the
 * main wallet to the upline's (members.upline_id, an agent of the same brand), with the payment password, within the
 * brand's limits, as one 'upline_transfer' movement and its member_transfers row (MemberTransfers.send).
 */
export class UplineTransferService extends MemberTransfers {
  async getOverview(merchant: Merchant, sender: TransferSender): Promise<UplineOverview> {
    const found = await repository.findSender(this.db, merchant.id, sender.id);
    if (!found) throw new AppError('NOT_LOGGED_IN');
    const upline = found.upline && found.upline.merchantId === merchant.id ? found.upline : null;
    const owner = { memberId: sender.id, merchantId: merchant.id, currency: merchant.brand.currency };
    const [limits, sentTodayMinor, balanceMinor] = await Promise.all([
      this.getLimits(merchant.id),
      this.sentToday(merchant, sender.id, 'upline'),
      this.wallet.findBalance(this.db, owner),
    ]);
    return {
      upline: upline && { account: upline.account, nickname: upline.nickname },
      limits,
      sentTodayMinor,
      balanceMinor,
      currency: merchant.brand.currency,
    };
  }

  async transfer(merchant: Merchant, sender: TransferSender, request: TransferUplineRequest): Promise<UplineTransfer> {
    const found = await repository.findSender(this.db, merchant.id, sender.id);
    if (!found) throw new AppError('NOT_LOGGED_IN');
    const upline = found.upline;
    // An upline of another brand (data an operator moved) is no upline here: money never crosses brands.
    if (!upline || upline.merchantId !== merchant.id) throw new AppError('TRANSFER_NO_UPLINE');
    if (upline.status !== 'active') throw new AppError('TRANSFER_UPLINE_UNAVAILABLE');
    const { recipientAccount, ...sent } = await this.send(
      { merchant, sender: found, recipient: upline, direction: 'upline' },
      request,
    );
    return { ...sent, uplineAccount: recipientAccount };
  }
}
