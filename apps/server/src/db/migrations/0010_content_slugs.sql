-- A stable key per brand for announcements and help items, so the seed (and later imports) can add an
-- item once and leave an operator's edits alone. NULL keys never conflict.
ALTER TABLE announcements ADD COLUMN slug text;
CREATE UNIQUE INDEX announcements_merchant_slug_key ON announcements (merchant_id, slug);
ALTER TABLE help_items ADD COLUMN slug text;
CREATE UNIQUE INDEX help_items_merchant_slug_key ON help_items (merchant_id, slug);
