-- The house games vendor's own records, in its own schema. Money is integer minor units.

-- One row per platform player and currency: the active seed pair and the bet counter under it.
CREATE TABLE house.players (
  id bigserial PRIMARY KEY,
  player_id text NOT NULL,
  currency text NOT NULL,
  server_seed text NOT NULL,
  server_seed_hash text NOT NULL,
  client_seed text NOT NULL,
  next_nonce integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX players_key ON house.players (player_id, currency);

-- Server seeds revealed by rotation; rounds played under them can now be verified.
CREATE TABLE house.revealed_seeds (
  server_seed_hash text PRIMARY KEY,
  server_seed text NOT NULL,
  player_ref bigint NOT NULL REFERENCES house.players (id) ON DELETE CASCADE,
  client_seed text NOT NULL,
  nonces_used integer NOT NULL,
  revealed_at timestamptz NOT NULL DEFAULT now()
);

-- A game client's session, opened from the platform's launch session; only the hash of our token is kept.
CREATE TABLE house.sessions (
  token_hash text PRIMARY KEY,
  player_ref bigint NOT NULL REFERENCES house.players (id) ON DELETE CASCADE,
  platform_token text NOT NULL,
  brand text NOT NULL DEFAULT '*',
  game_code text NOT NULL,
  mode text NOT NULL,
  language text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

-- Bet limits and maximum win per brand, currency and game; brand '*' is the default of every brand.
CREATE TABLE house.limits (
  brand text NOT NULL,
  currency text NOT NULL,
  game_code text NOT NULL,
  min_bet_minor bigint NOT NULL,
  max_bet_minor bigint NOT NULL,
  max_win_minor bigint NOT NULL,
  PRIMARY KEY (brand, currency, game_code),
  CONSTRAINT limits_amounts_check CHECK (min_bet_minor > 0 AND max_bet_minor >= min_bet_minor AND max_win_minor > 0)
);

-- Every round of dice, limbo, mines and the slot. state: debiting (the stake is being taken), open (mines in
-- play), crediting (the win is owed to the platform), cancelling (the stake is being given back), settled,
-- cancelled. A round never stays between states: the recovery job finishes it.
CREATE TABLE house.rounds (
  id bigserial PRIMARY KEY,
  round_id text NOT NULL,
  player_ref bigint NOT NULL REFERENCES house.players (id) ON DELETE RESTRICT,
  player_id text NOT NULL,
  session_token_hash text,
  platform_token text NOT NULL,
  game_code text NOT NULL,
  currency text NOT NULL,
  stake_minor bigint NOT NULL,
  win_minor bigint,
  state text NOT NULL,
  server_seed_hash text NOT NULL,
  client_seed text NOT NULL,
  nonce integer NOT NULL,
  params jsonb NOT NULL,
  outcome jsonb,
  progress jsonb,
  failure text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  CONSTRAINT rounds_state_check CHECK (state IN ('debiting', 'open', 'crediting', 'cancelling', 'settled', 'cancelled')),
  CONSTRAINT rounds_amounts_check CHECK (stake_minor > 0 AND (win_minor IS NULL OR win_minor >= 0))
);
CREATE UNIQUE INDEX rounds_round_id_key ON house.rounds (round_id);
CREATE UNIQUE INDEX rounds_seed_nonce_key ON house.rounds (server_seed_hash, nonce);
CREATE INDEX rounds_player_idx ON house.rounds (player_ref, game_code, id DESC);
CREATE INDEX rounds_unfinished_idx ON house.rounds (state, updated_at) WHERE state NOT IN ('settled', 'cancelled');

-- Crash: the hash chain, its games, and the bets in them.
CREATE TABLE house.crash_chains (
  id bigserial PRIMARY KEY,
  secret_seed text NOT NULL,
  games integer NOT NULL,
  published_hash text NOT NULL,
  salt text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE house.crash_games (
  id bigserial PRIMARY KEY,
  chain_id bigint NOT NULL REFERENCES house.crash_chains (id) ON DELETE RESTRICT,
  game_index integer NOT NULL,
  game_hash text NOT NULL,
  crash_point_x100 bigint NOT NULL,
  state text NOT NULL,
  started_at timestamptz,
  ended_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT crash_games_state_check CHECK (state IN ('betting', 'running', 'ended', 'cancelled'))
);
CREATE UNIQUE INDEX crash_games_chain_index_key ON house.crash_games (chain_id, game_index);

-- state: debiting, placed (stake taken), cashed (won, credit owed), lost (zero credit owed), crediting,
-- cancelling (stake being given back), settled, cancelled, refused (the platform said no: nothing moved).
CREATE TABLE house.crash_bets (
  id bigserial PRIMARY KEY,
  round_id text NOT NULL,
  game_id bigint REFERENCES house.crash_games (id) ON DELETE RESTRICT,
  player_ref bigint NOT NULL REFERENCES house.players (id) ON DELETE RESTRICT,
  player_id text NOT NULL,
  platform_token text NOT NULL,
  currency text NOT NULL,
  stake_minor bigint NOT NULL,
  auto_cashout_x100 bigint,
  cashout_x100 bigint,
  win_minor bigint,
  state text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT crash_bets_state_check CHECK (
    state IN ('queued', 'debiting', 'placed', 'crediting', 'cancelling', 'settled', 'cancelled', 'refused')
  )
);
CREATE UNIQUE INDEX crash_bets_round_id_key ON house.crash_bets (round_id);
CREATE UNIQUE INDEX crash_bets_one_per_game_key ON house.crash_bets (game_id, player_ref) WHERE game_id IS NOT NULL AND state NOT IN ('refused', 'cancelled');
CREATE INDEX crash_bets_unfinished_idx ON house.crash_bets (state) WHERE state NOT IN ('settled', 'cancelled', 'refused');
