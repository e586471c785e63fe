-- The back office edits a brand's settings and content (issue 32). Each editable row gets a version that a save
-- must carry (a stale one changes nothing), a maintenance can be scheduled, and operators' images are stored
-- here, outside any web root, under names the server makes up.
ALTER TABLE merchants
  ADD COLUMN version integer NOT NULL DEFAULT 0,
  -- A scheduled maintenance is on from this time; `maintenance` is on now. Either way it stays on until ended.
  ADD COLUMN maintenance_starts_at timestamptz;

ALTER TABLE announcements
  ADD COLUMN version integer NOT NULL DEFAULT 0,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
-- The back office's lists, newest first by keyset, of every type or of one.
CREATE INDEX announcements_merchant_id_idx ON announcements (merchant_id, id DESC);
CREATE INDEX announcements_merchant_type_id_idx ON announcements (merchant_id, type, id DESC);

ALTER TABLE help_items
  ADD COLUMN version integer NOT NULL DEFAULT 0,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX help_items_merchant_id_idx ON help_items (merchant_id, id DESC);

-- Images operators upload (a brand's logo, banners, promotions), decoded and encoded again before they are
-- stored, so the bytes served are the server's own; served at /wps/media/<name> with the type stored here.
CREATE TABLE media_files (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  name text NOT NULL,
  kind text NOT NULL,
  content_type text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  bytes bytea NOT NULL,
  sha256 text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT media_files_name_check CHECK (name ~ '^[a-f0-9]{32}\.(png|jpg)$'),
  CONSTRAINT media_files_kind_check CHECK (kind IN ('logo', 'banner')),
  CONSTRAINT media_files_type_check CHECK (content_type IN ('image/png', 'image/jpeg')),
  CONSTRAINT media_files_size_check CHECK (octet_length(bytes) BETWEEN 1 AND 8388608)
);
CREATE UNIQUE INDEX media_files_name_key ON media_files (name);
