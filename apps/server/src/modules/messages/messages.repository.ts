import { and, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { memberMessages } from '../../db/schema/index';

/** Unread messages of one member of one brand (index member_messages_unread_idx). */
export async function countUnread(db: Executor, merchantId: number, memberId: number): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(memberMessages)
    .where(
      and(
        eq(memberMessages.memberId, memberId),
        eq(memberMessages.merchantId, merchantId),
        isNull(memberMessages.readAt),
      ),
    );
  return row?.unread ?? 0;
}
