-- A member's total balance (wallet findTotalBalance: the main, vendor and bonus wallets summed) reads its accounts by
-- `owner_type IN ('member', 'member_vendor', 'member_bonus') AND member_id AND currency`, which none of the partial
-- unique indexes (one per owner type) can answer: each read was a scan of the whole table. The agent settlement
-- announces both members' totals after each batch of lines it pays (AgentSettlementService.payOpen), and
-- `npm run bench:agents` measured a brand's 5-minute settlement (781 lines, 100,000 wallets) at about 27 s, where the
-- same work in plain SQL took 2.3 s: about 1,500 such scans of 100,000 rows. With this index, each is one index scan
-- (12.7 ms to 0.05 ms for one read in a probe of 100,000 accounts) and the settlement took 4.4 s in the same bench.
-- Every read of a member's total (the player site's balance) uses it too.
CREATE INDEX wallet_accounts_member_total_idx ON wallet_accounts (member_id, currency)
  WHERE owner_type IN ('member', 'member_vendor', 'member_bonus');
