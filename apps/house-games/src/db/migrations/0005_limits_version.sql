-- An operator's change to a limit carries the version the back office opened it at (issue 32): two operators
-- editing the same limit, the second is refused instead of silently overwriting the first.
ALTER TABLE house.limits ADD COLUMN version integer NOT NULL DEFAULT 0;
