-- Game vendors, their games, what each brand offers, and members' favourites and recent games.
CREATE TABLE game_vendors (
  id bigserial PRIMARY KEY,
  code text NOT NULL,
  name text NOT NULL,
  game_types text[] NOT NULL,
  small_icon text NOT NULL DEFAULT '',
  -- HMAC-SHA256 key of the seamless wallet; the vendor holds the same secret.
  wallet_secret text NOT NULL,
  launch_url text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'active',
  is_hot boolean NOT NULL DEFAULT false,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT game_vendors_status_check CHECK (status IN ('active', 'maintenance', 'disabled'))
);
CREATE UNIQUE INDEX game_vendors_code_key ON game_vendors (code);

CREATE TABLE games (
  id bigserial PRIMARY KEY,
  vendor_id bigint NOT NULL REFERENCES game_vendors (id) ON DELETE RESTRICT,
  code text NOT NULL,
  game_name text NOT NULL,
  -- lower(game_name): search is a case-insensitive LIKE on it, served by a trigram index since 0036.
  name_key text NOT NULL,
  game_type text NOT NULL,
  show_icon text NOT NULL DEFAULT '',
  support_play smallint NOT NULL DEFAULT 1,
  default_play_type text NOT NULL DEFAULT '',
  is_game text NOT NULL DEFAULT '',
  parent_id bigint REFERENCES games (id) ON DELETE SET NULL,
  live_class text,
  game_classify text,
  is_hot boolean NOT NULL DEFAULT false,
  min_bet bigint,
  min_line_num integer,
  status text NOT NULL DEFAULT 'active',
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT games_status_check CHECK (status IN ('active', 'maintenance', 'disabled')),
  CONSTRAINT games_type_check CHECK (game_type IN ('ELOTT', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP')),
  CONSTRAINT games_support_play_check CHECK (support_play IN (0, 1))
);
CREATE UNIQUE INDEX games_vendor_code_key ON games (vendor_id, code);
CREATE INDEX games_parent_idx ON games (parent_id) WHERE parent_id IS NOT NULL;

-- Which vendors a brand offers, in which order.
CREATE TABLE merchant_vendors (
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  vendor_id bigint NOT NULL REFERENCES game_vendors (id) ON DELETE CASCADE,
  enabled boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  PRIMARY KEY (merchant_id, vendor_id)
);

-- Which games a brand offers, in which order. game_type and vendor_id are copied from games (they never
-- change for a game) so that every list is one index range scan in display order: keyset pages stay flat.
CREATE TABLE merchant_games (
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  game_id bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  vendor_id bigint NOT NULL REFERENCES game_vendors (id) ON DELETE CASCADE,
  game_type text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  is_hot boolean NOT NULL DEFAULT false,
  sort_order integer NOT NULL DEFAULT 0,
  -- False for the sub-games of a VASSALAGE game: they are listed under it, not in the lobby.
  top_level boolean NOT NULL DEFAULT true,
  PRIMARY KEY (merchant_id, game_id)
);
CREATE INDEX merchant_games_type_order_idx ON merchant_games (merchant_id, game_type, sort_order, game_id)
  WHERE enabled AND top_level;
CREATE INDEX merchant_games_vendor_order_idx ON merchant_games (merchant_id, vendor_id, sort_order, game_id)
  WHERE enabled AND top_level;
CREATE INDEX merchant_games_order_idx ON merchant_games (merchant_id, sort_order, game_id) WHERE enabled AND top_level;
CREATE INDEX merchant_games_hot_idx ON merchant_games (merchant_id, sort_order, game_id)
  WHERE enabled AND top_level AND is_hot;

-- Bumped on every catalogue change so that every instance drops its cached vendor lanes.
CREATE TABLE catalogue_versions (
  merchant_id bigint PRIMARY KEY REFERENCES merchants (id) ON DELETE CASCADE,
  version bigint NOT NULL DEFAULT 1
);

CREATE TABLE member_favorite_games (
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  game_id bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, game_id)
);
CREATE INDEX member_favorite_games_recent_idx ON member_favorite_games (member_id, created_at DESC);

CREATE TABLE member_recent_games (
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  game_id bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  played_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, game_id)
);
CREATE INDEX member_recent_games_recent_idx ON member_recent_games (member_id, played_at DESC);
