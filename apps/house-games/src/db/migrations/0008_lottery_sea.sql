-- The SEA 4D draws (docs/product/lottery.md#sea-lottery-4d): like the Vietnamese draws,
-- not drawn from a seed of ours; their results are entered (house.lottery_vn_entries, one row a draw whatever its
-- kind) and confirmed by a second operator. Their operator actions are recorded under their own names.
ALTER TABLE house.lottery_draw_actions DROP CONSTRAINT lottery_draw_actions_action_check;
ALTER TABLE house.lottery_draw_actions ADD CONSTRAINT lottery_draw_actions_action_check CHECK (
  action IN ('vn_result_entered', 'vn_result_confirmed', 'sea_result_entered', 'sea_result_confirmed', 'void')
);
