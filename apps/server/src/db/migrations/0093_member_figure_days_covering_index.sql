-- The agent centre's team figures (decision 0061) read a team's members' days by (member, day) and sum their figures.
-- Through the primary key (member, day, game type) each of those rows is a heap fetch, and a member's rows of a month
-- lie on as many heap pages as days (the feed's consumer writes them day by day): `npm run bench:agents` measured the
-- overview of an agent of 4,000 members at about 450 ms for its days and 370 ms for its active members, where the
-- planner chose a scan of the whole table instead. With the figures in the index, both are index-only scans of the
-- team's members: about 140 ms and 60 ms in the same probe. The price: the consumer's updates of a day's row are no
-- longer HOT and write this index too (a few hundred rows per 2 s batch at 2 million rounds a day).
CREATE INDEX member_figure_days_member_day_cover_idx ON member_figure_days (member_id, day)
  INCLUDE (rounds, stake_minor, valid_bet_minor, payout_minor, deposits, deposit_minor, withdrawals, withdrawal_minor);
