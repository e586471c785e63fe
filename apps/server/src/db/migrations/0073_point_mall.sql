-- The points mall (decision 0045): a brand's products, the exchanges members redeem, and conversions of points to
-- money. The points move in the point ledger (decision 0044) and the money in the wallet (kinds point_purchase,
-- point_purchase_refund, point_conversion); these rows say what was bought and where each exchange stands, with the
-- points balance after each point movement (the redeem history shows it).

CREATE TABLE point_products (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE RESTRICT,
  -- goods: the operator delivers (the exchange waits); cash: cash_value_minor a unit credited at once.
  kind text NOT NULL,
  name_ko text NOT NULL,
  name_en text,
  image_url text,
  points_minor bigint NOT NULL,
  amount_minor bigint NOT NULL DEFAULT 0,
  cash_value_minor bigint NOT NULL DEFAULT 0,
  -- Units left: taken by a conditional UPDATE under the row's lock, so never below zero.
  stock integer NOT NULL,
  redeemed_count integer NOT NULL DEFAULT 0,
  per_member_limit integer,
  starts_at timestamptz,
  ends_at timestamptz,
  active boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT point_products_kind_check CHECK (kind IN ('goods', 'cash')),
  CONSTRAINT point_products_amounts_check CHECK (points_minor > 0 AND amount_minor >= 0 AND cash_value_minor >= 0
    AND (kind = 'cash') = (cash_value_minor > 0)),
  CONSTRAINT point_products_stock_check CHECK (stock >= 0 AND redeemed_count >= 0),
  CONSTRAINT point_products_limit_check CHECK (per_member_limit IS NULL OR per_member_limit > 0),
  CONSTRAINT point_products_dates_check CHECK (starts_at IS NULL OR ends_at IS NULL OR ends_at > starts_at)
);
CREATE INDEX point_products_brand_idx ON point_products (merchant_id, sort_order, id);

CREATE TABLE point_exchanges (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE RESTRICT,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE RESTRICT,
  product_id bigint NOT NULL REFERENCES point_products (id) ON DELETE RESTRICT,
  -- The member's own key: a repeat answers the first and takes nothing more.
  request_id text NOT NULL,
  kind text NOT NULL,
  -- The product's names when redeemed (a later rename does not rewrite the member's records).
  product_name_ko text NOT NULL,
  product_name_en text,
  quantity integer NOT NULL,
  currency text NOT NULL,
  -- All units: points taken, money taken, money credited (a cash product).
  points_minor bigint NOT NULL,
  amount_minor bigint NOT NULL DEFAULT 0,
  cash_value_minor bigint NOT NULL DEFAULT 0,
  points_balance_after_minor bigint NOT NULL,
  status text NOT NULL,
  remark text,
  processed_by text,
  processed_at timestamptz,
  -- A rejection gives the points back: when, and the points balance after it.
  refunded_at timestamptz,
  refund_balance_after_minor bigint,
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT point_exchanges_status_check CHECK (status IN ('applying', 'approved', 'completed', 'rejected')),
  CONSTRAINT point_exchanges_amounts_check CHECK (quantity BETWEEN 1 AND 99 AND points_minor > 0
    AND amount_minor >= 0 AND cash_value_minor >= 0),
  CONSTRAINT point_exchanges_refund_check CHECK ((status = 'rejected') = (refunded_at IS NOT NULL))
);
CREATE UNIQUE INDEX point_exchanges_request_once ON point_exchanges (member_id, request_id);
CREATE INDEX point_exchanges_member_idx ON point_exchanges (member_id, created_at DESC, id DESC);
CREATE INDEX point_exchanges_open_idx ON point_exchanges (merchant_id, id) WHERE status IN ('applying', 'approved');
CREATE INDEX point_exchanges_done_idx ON point_exchanges (merchant_id, id DESC) WHERE status IN ('completed', 'rejected');
-- Units a member holds of a product (the per-member limit counts those not rejected).
CREATE INDEX point_exchanges_product_member_idx ON point_exchanges (product_id, member_id) WHERE status <> 'rejected';

CREATE TABLE point_conversions (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE RESTRICT,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE RESTRICT,
  request_id text NOT NULL,
  currency text NOT NULL,
  points_minor bigint NOT NULL,
  amount_minor bigint NOT NULL,
  -- The brand's rate when converted: money minor units per point (100 points minor).
  rate_minor_per_point bigint NOT NULL,
  points_balance_after_minor bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT point_conversions_amounts_check CHECK (points_minor > 0 AND amount_minor > 0)
);
CREATE UNIQUE INDEX point_conversions_request_once ON point_conversions (member_id, request_id);
CREATE INDEX point_conversions_member_idx ON point_conversions (member_id, created_at DESC, id DESC);

-- Product pictures are stored like the brand's banners (media_files), checked as their own kind.
ALTER TABLE media_files DROP CONSTRAINT media_files_kind_check;
ALTER TABLE media_files ADD CONSTRAINT media_files_kind_check CHECK (kind IN ('logo', 'banner', 'avatar',
  'pointProduct'));
