import type { AuditEntry, AuditQuery, Page } from '@parlay/contract';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as repository from './audit.repository';

/**
 * Who makes a change: an operator in the back office (with the request's IP and user agent), or the CLI
 * with the OS user who ran it. Every admin service method takes one and records it with the change.
 */
export type Actor =
  { kind: 'operator'; operatorId: number; ip: string; userAgent: string } | { kind: 'cli'; osUser: string };

/** One change, as an admin service records it. */
export interface AuditRecord {
  actor: Actor;
  /** The brand the change is for; null for the platform's own (operators, keys, vendors' feeds). */
  merchantId: number | null;
  /** `<thing>.<verb>`, e.g. operator.suspend, brand.maintenance, wallet.adjust. */
  action: string;
  targetType: string;
  targetId: string | number;
  /** The values the change replaced, and those it wrote: never a secret, a password or a token. */
  before?: unknown;
  after?: unknown;
}

/** Who may read which entries: the brands of the reader, or every brand and the platform's own. */
export interface AuditScope {
  allBrands: boolean;
  merchantIds: readonly number[];
}

/** The text of an actor as the trail stores it: `operator:<id>` or `cli:<OS user>`. */
export function actorText(actor: Actor): string {
  return actor.kind === 'operator' ? `operator:${actor.operatorId}` : `cli:${actor.osUser || 'unknown'}`;
}

/**
 * The append-only audit trail (docs/decisions/0032-back-office-operators-and-audit.md): every change through
 * the back office or the CLI, written by the service that makes the change in the change's own transaction, so a
 * refused or rolled-back change leaves no entry and a committed one always has its entry.
 */
export class AuditService {
  constructor(private readonly db: Database) {}

  /** Writes the entry of a change in the change's transaction (`tx`). */
  async record(tx: Executor, record: AuditRecord): Promise<void> {
    const { actor } = record;
    await repository.insertAuditRow(tx, {
      operatorId: actor.kind === 'operator' ? actor.operatorId : null,
      actor: actorText(actor),
      merchantId: record.merchantId,
      action: record.action,
      targetType: record.targetType,
      targetId: String(record.targetId),
      before: record.before ?? null,
      after: record.after ?? null,
      ip: actor.kind === 'operator' ? actor.ip : null,
      userAgent: actor.kind === 'operator' ? actor.userAgent.slice(0, 512) : null,
    });
  }

  /**
   * A page of entries, newest first, that the reader's scope shows: an operator of some brands sees their
   * changes only; the platform's own (merchant null) only an operator of every brand.
   */
  async search(scope: AuditScope, query: AuditQuery): Promise<Page<AuditEntry>> {
    const beforeId = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    const rows = await repository.findAuditRows(this.db, {
      operatorId: query.operatorId,
      actor: query.actor,
      action: query.action,
      targetType: query.targetType,
      targetId: query.targetId,
      brand: query.brand,
      visibleMerchantIds: scope.allBrands ? null : [...scope.merchantIds],
      from: query.from === undefined ? undefined : new Date(query.from),
      to: query.to === undefined ? undefined : new Date(query.to),
      beforeId,
      limit: query.limit + 1,
    });
    const items = rows.slice(0, query.limit).map((row) => ({ ...row, id: String(row.id) }));
    const last = items.at(-1);
    return { items, nextCursor: rows.length > query.limit && last ? last.id : null };
  }
}

function decodeCursor(cursor: string): number {
  const id = /^\d{1,18}$/.test(cursor) ? Number(cursor) : Number.NaN;
  if (!Number.isSafeInteger(id)) {
    throw new AppError('VALIDATION_FAILED', { issues: [{ path: 'cursor', message: 'not a cursor of this list' }] });
  }
  return id;
}
