-- Catalogue sync: where a vendor publishes its feed, and how the last reading of it went. The platform
-- reads a feed again once `catalogue_checked_at` is older than the sync interval; a failed reading keeps
-- the catalogue as it was and says why in `catalogue_error`.
ALTER TABLE game_vendors
  ADD COLUMN catalogue_url text,
  ADD COLUMN catalogue_checked_at timestamptz,
  ADD COLUMN catalogue_synced_at timestamptz,
  ADD COLUMN catalogue_error text;
