-- The address of a brand's player site (decision 0026). Every link the platform sends (a password reset
-- today, invitations later) is built from it, never from the Host header of the request that asked for
-- it: an unknown host falls back to the default brand, so a request's host would let anyone send a
-- member a genuine e-mail whose link leads elsewhere. NULL: the brand sends no links until an operator
-- sets it (`npm run admin -- brand site-url https://…`). An origin only: https, or http for loopback hosts.
ALTER TABLE merchants ADD COLUMN site_url text;
ALTER TABLE merchants ADD CONSTRAINT merchants_site_url_origin CHECK (
  site_url ~ '^(https://[a-z0-9.-]+|http://(localhost|127\.[0-9]+\.[0-9]+\.[0-9]+|\[::1\]))(:[0-9]{1,5})?$'
);
