// The settlement feed (decision 0034): settled rounds, and later deposits and withdrawals, in an order every
// consumer reads from its own checkpoint. Code outside settlement-feed imports this file only.
export type { Checkpoint, FeedEvent, FeedEventKind, FeedPosition, MoneyEventInput } from './settlement-feed.repository';
export {
  FEED_BATCH_SIZE,
  SettlementFeedService,
  type ConsumeResult,
  type FeedBatch,
  type FeedConsumer,
} from './settlement-feed.service';
