import { query, toNumber } from '@parlay/db';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from './client';

/** The demo member's invited players (seed-referrals.ts): one qualified and paid, one held for the operator. */
export const DEMO_QUALIFIED_PLAYER = 'demoplayer03';
export const DEMO_FLAGGED_PLAYER = 'demoplayer17';
/** The demo member's usual sign-in address (seed-security.ts): the flagged player signed in from it too. */
const DEMO_SHARED_IP = '203.0.113.24';
/** The demo brand's rules, in major units: what an invited member deposits and plays, and the rewards. */
const RULES_MAJOR = { deposit: 50_000, turnover: 100_000, inviter: 30_000, invited: 10_000 };

/** A member's money in the brand's currency, as the wallet moves it. */
interface Movement {
  merchantId: number;
  memberId: number;
  currency: string;
  amountMinor: number;
  kind: 'deposit' | 'vendor_debit';
  idempotencyKey: string;
  reason: string;
  counterparty?: 'cashier';
}

/** What the seed asks of the running platform (main.ts hands its services: the db layer knows no module). */
export interface ReferralSeedServices {
  referralRewards: {
    saveSettings(
      actor: { kind: 'cli'; osUser: string },
      brand: { id: number; brand: { currency: string; currencyExponent: number } },
      rules: {
        version: number;
        enabled: boolean;
        minDepositMinor: number;
        minTurnoverMinor: number;
        inviterRewardMinor: number;
        invitedRewardMinor: number;
      },
    ): Promise<unknown>;
    consumeFeed(): Promise<unknown>;
  };
  settlementFeed: {
    describe(consumerName: string): Promise<{ behind: number }>;
    appendMoneyEvent(
      tx: Executor,
      event: { kind: 'deposit'; merchantId: number; memberId: number; currency: string; amountMinor: number },
    ): Promise<void>;
  };
  wallet: {
    credit(tx: Executor, movement: Movement): Promise<unknown>;
    debit(tx: Executor, movement: Movement): Promise<unknown>;
  };
}

/**
 * The demo brand's referral rewards (decision 0057), so that a fresh `npm start` shows them working: the rules on
 * (saved through the service, audited as the seed), and two of the demo member's invited players who deposit and play
 * enough: demoplayer03, paid, and demoplayer17, who signed in from the demo member's address, held as an abuse flag in
 * the operator's queue. Their deposit is credited as the cashier credits one (the wallet's movement from the cashier
 * and the feed's row, in one transaction) and their round is a settled round whose stake the wallet took; what comes
 * of them is the real code's: the settlement feed's `referrals` consumer counts them and settles each member (run here
 * once, as its job would). Idempotent: a brand with referral rules already is left as it is. After seedDemoReferrals.
 */
export async function seedDemoReferralRewards(
  db: Database,
  services: ReferralSeedServices,
  merchantCode: string,
): Promise<void> {
  const [brand] = await query<{ id: unknown; currency: string; exponent: unknown; has_rules: boolean }>(
    db,
    sql`SELECT b.id, b.currency, b.currency_exponent AS exponent,
               EXISTS (SELECT 1 FROM referral_rules r WHERE r.merchant_id = b.id) AS has_rules
        FROM merchants b WHERE b.code = ${merchantCode}`,
  );
  if (!brand || brand.has_rules) return;
  const merchantId = toNumber(brand.id);
  const scale = 10 ** toNumber(brand.exponent);
  const players = await query<{ id: unknown; account: string }>(
    db,
    sql`SELECT p.id, p.account FROM members p JOIN members d ON d.id = p.referrer_id AND lower(d.account) = 'demo'
        WHERE p.merchant_id = ${merchantId} AND p.account IN (${DEMO_QUALIFIED_PLAYER}, ${DEMO_FLAGGED_PLAYER})`,
  );
  const [game] = await query<{ id: unknown; vendor_id: unknown; code: string }>(
    db,
    sql`SELECT g.id, g.vendor_id, g.code FROM merchant_games mg JOIN games g ON g.id = mg.game_id
        WHERE mg.merchant_id = ${merchantId} AND mg.top_level ORDER BY g.id LIMIT 1`,
  );
  if (players.length < 2 || !game) return;

  await services.referralRewards.saveSettings(
    { kind: 'cli', osUser: 'demo-seed' },
    { id: merchantId, brand: { currency: brand.currency, currencyExponent: toNumber(brand.exponent) } },
    {
      version: 0,
      enabled: true,
      minDepositMinor: RULES_MAJOR.deposit * scale,
      minTurnoverMinor: RULES_MAJOR.turnover * scale,
      inviterRewardMinor: RULES_MAJOR.inviter * scale,
      invitedRewardMinor: RULES_MAJOR.invited * scale,
    },
  );
  for (const player of players) {
    const memberId = toNumber(player.id);
    const owner = { merchantId, memberId, currency: brand.currency };
    await db.transaction(async (tx) => {
      if (player.account === DEMO_FLAGGED_PLAYER) {
        await query(
          tx,
          sql`INSERT INTO member_sign_ins (member_id, merchant_id, at, ip, country, user_agent, method)
              VALUES (${memberId}, ${merchantId}, now() - interval '1 day', ${DEMO_SHARED_IP}, 'KR',
                      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
                      'password')`,
        );
      }
      const deposit = RULES_MAJOR.deposit * scale;
      await services.wallet.credit(tx, {
        ...owner,
        amountMinor: deposit,
        kind: 'deposit',
        idempotencyKey: `seed-referral-deposit:${memberId}`,
        reason: 'Demo deposit',
        counterparty: 'cashier',
      });
      await services.settlementFeed.appendMoneyEvent(tx, { kind: 'deposit', ...owner, amountMinor: deposit });
      const stake = RULES_MAJOR.turnover * scale;
      const played = await services.wallet.debit(tx, {
        ...owner,
        amountMinor: stake,
        kind: 'vendor_debit',
        idempotencyKey: `seed-referral-round:${memberId}`,
        reason: 'Demo round',
      });
      if (!played) throw new Error(`demo player ${player.account} cannot stake its demo round`);
      await query(
        tx,
        sql`INSERT INTO game_rounds (vendor_id, round_id, merchant_id, member_id, game_id, game_code, currency,
                                     stake_minor, win_minor, valid_bet_minor, status, started_at, settled_at)
            VALUES (${toNumber(game.vendor_id)}, ${`demo-ref-${memberId}`}, ${merchantId}, ${memberId},
                    ${toNumber(game.id)}, ${game.code}, ${brand.currency}, ${stake}, 0, ${stake}, 'settled',
                    now() - interval '1 minute', now())`,
      );
    });
  }
  // As the job would, at once: the demo's page and queue show the outcome from the first load. Until the consumer has
  // caught up: on a shared PostgreSQL another database's open transaction can hold the feed back for a moment.
  for (let attempt = 0; attempt < 200; attempt += 1) {
    await services.referralRewards.consumeFeed();
    if ((await services.settlementFeed.describe('referrals')).behind === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the referrals consumer did not catch up with the demo's rounds");
}
