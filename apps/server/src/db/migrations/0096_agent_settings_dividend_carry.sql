-- The brand's agent settings (decision 0068): whether a dividend's negative period (the team won) is carried into the
-- contract's next period and clawed back there (the default, decision 0067), or forgotten; and a version, so the back
-- office's form refuses a save over a change it did not see.
ALTER TABLE agent_settings ADD COLUMN dividend_carries_loss boolean NOT NULL DEFAULT true;
ALTER TABLE agent_settings ADD COLUMN version integer NOT NULL DEFAULT 0;
