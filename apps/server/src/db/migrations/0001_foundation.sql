CREATE TABLE merchants (
  id bigserial PRIMARY KEY,
  code text NOT NULL,
  name text NOT NULL,
  currency text NOT NULL,
  currency_exponent integer NOT NULL DEFAULT 0,
  currency_symbol text NOT NULL DEFAULT 'P',
  time_zone text NOT NULL,
  config jsonb NOT NULL,
  site jsonb NOT NULL,
  whitelabel jsonb NOT NULL,
  maintenance boolean NOT NULL DEFAULT false,
  maintenance_end_at timestamptz,
  restricted_countries text[] NOT NULL DEFAULT '{}'::text[],
  restricted_ips text[] NOT NULL DEFAULT '{}'::text[],
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX merchants_code_key ON merchants (code);

CREATE TABLE merchant_domains (
  domain text PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  is_route boolean NOT NULL DEFAULT false,
  sort_order integer NOT NULL DEFAULT 0
);
CREATE INDEX merchant_domains_merchant_idx ON merchant_domains (merchant_id);

CREATE TABLE announcements (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  type text NOT NULL,
  platform text NOT NULL DEFAULT 'W',
  execution text NOT NULL DEFAULT 'B',
  language text NOT NULL,
  title text NOT NULL,
  content text NOT NULL DEFAULT '',
  image_url text,
  link_url text,
  group_name text,
  sort_order integer NOT NULL DEFAULT 0,
  starts_at timestamptz NOT NULL DEFAULT now(),
  ends_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX announcements_merchant_type_idx ON announcements (merchant_id, type, language);

CREATE TABLE help_items (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  language text NOT NULL,
  category text NOT NULL,
  title text NOT NULL,
  content text NOT NULL,
  sort_order integer NOT NULL DEFAULT 0
);
CREATE INDEX help_items_merchant_lang_idx ON help_items (merchant_id, language);
