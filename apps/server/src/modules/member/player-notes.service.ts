import { type Page, type PlayerNote } from '@parlay/contract';
import type { Database } from '../../db/client';
import { actorText, type Actor, type AuditService } from '../audit/index';
import * as players from './players.repository';
import { decodeIdCursor, pageOf, type PlayerService } from './players.service';

function toNote(row: players.NoteRow): PlayerNote {
  return {
    id: String(row.id),
    at: row.at,
    author: row.operatorLogin ?? row.actor,
    operatorId: row.operatorId,
    body: row.body,
  };
}

/**
 * Operators' notes on a player: what one operator wants the next to know (a complaint, a promise, a suspicion).
 * A note is never changed or removed (the table refuses it); each is audited as `member.note`.
 */
export class PlayerNoteService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
    private readonly players: PlayerService,
  ) {}

  async list(
    merchantId: number,
    playerId: number,
    page: { limit: number; cursor?: string | undefined },
  ): Promise<Page<PlayerNote>> {
    await this.players.getPlayer(merchantId, playerId);
    const rows = await players.findNotes(this.db, playerId, merchantId, {
      beforeId: decodeIdCursor(page.cursor),
      limit: page.limit + 1,
    });
    return pageOf(rows, page.limit, toNote);
  }

  /** Adds a note by `actor`, with its audit entry in the same transaction. */
  async add(actor: Actor, merchantId: number, playerId: number, body: string): Promise<PlayerNote> {
    const member = await this.players.getPlayer(merchantId, playerId);
    return this.db.transaction(async (tx) => {
      const note = await players.insertNote(tx, {
        merchantId,
        memberId: member.id,
        operatorId: actor.kind === 'operator' ? actor.operatorId : null,
        actor: actorText(actor),
        body,
      });
      await this.audit.record(tx, {
        actor,
        merchantId,
        action: 'member.note',
        targetType: 'member',
        targetId: member.id,
        after: { account: member.account, noteId: note.id, body },
      });
      return toNote(note);
    });
  }
}
