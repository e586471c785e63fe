-- The member's account record (ODSFE2_MemTransDet) lists a member's movements newest first by time, by type and
-- period of days, keyset paged. One range of this index per kind, read from the cursor for at most a page and
-- merged, makes page 500 read what page 1 does (bench:member), with or without a type or a period. Ordered by
-- created_at and not by id: a movement's time is what the member filters on, and the demo member's past was
-- written after its funding (seed-member-history.ts). One more index each movement writes on the wallet's path.
CREATE INDEX wallet_movements_member_kind_time_idx ON wallet_movements (member_id, kind, created_at, id);
