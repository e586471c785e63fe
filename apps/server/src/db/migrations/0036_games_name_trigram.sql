-- Game-name search (GCSGAME_gameList's gameName) is `name_key LIKE '%text%'`, which no b-tree can serve:
-- over a 10,000-game catalogue every search read every game. A trigram index answers such a LIKE from
-- the index when the text has three characters or more; shorter text still scans (decision 0017).
-- pg_trgm ships with PostgreSQL (contrib) and with PGlite, and is a trusted extension: a database owner
-- may create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
-- fastupdate off: a catalogue import writes the index at once. With the default, imported names wait in
-- the index's pending list until a vacuum, which the planner prices as a scan of the whole list, and
-- PGlite has no autovacuum to clear it: searches kept reading every game after an import.
CREATE INDEX games_name_key_trgm_idx ON games USING gin (name_key gin_trgm_ops) WITH (fastupdate = off);
