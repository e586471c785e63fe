-- The back office edits a brand's offer (issue 32; decision 0024): two operators may have the same vendor open
-- at once, so a save carries the version it was opened at and a stale one writes nothing.
-- merchant_vendors.version: the brand's offer of one vendor (offered or not, its cap on promotion credits, and
-- its choices over each of the vendor's games, their order included).
ALTER TABLE merchant_vendors ADD COLUMN version integer NOT NULL DEFAULT 0;

-- The order of a brand's vendors is one thing of its own: reordering the vendors does not make a vendor's page
-- open elsewhere stale, nor the reverse.
CREATE TABLE brand_vendor_orders (
  merchant_id bigint PRIMARY KEY REFERENCES merchants (id),
  version integer NOT NULL DEFAULT 0
);
