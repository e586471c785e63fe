import type { Database } from '../../db/client';
import * as repository from './messages.repository';

/** The member mailbox (docs/product/member-centre.md#messages). Every read is scoped by brand and by owner. */
export class MessagesService {
  constructor(private readonly db: Database) {}

  /** The Rewards badge: messages of this member on this brand not yet read. */
  async getUnreadCount(merchantId: number, memberId: number): Promise<number> {
    return repository.countUnread(this.db, merchantId, memberId);
  }
}
