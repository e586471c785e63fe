-- Vendors' wallet secrets are stored sealed (AES-256-GCM under DATA_ENCRYPTION_KEY, 'enc:v1:...').
-- The key is not in the database, so rows written before are sealed by the server at start, not here.
COMMENT ON COLUMN game_vendors.wallet_secret IS
  'Sealed with DATA_ENCRYPTION_KEY (enc:v1:<key id>:<iv>:<ciphertext>:<tag>); plaintext rows are sealed at start';
