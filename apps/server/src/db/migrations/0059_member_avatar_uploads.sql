-- A member's uploaded avatar is a media file too (issue 33): checked by its bytes, cropped square, encoded again
-- by the server (apps/server/src/modules/merchant/image-check.ts), stored under the member's brand.
ALTER TABLE media_files DROP CONSTRAINT media_files_kind_check;
ALTER TABLE media_files ADD CONSTRAINT media_files_kind_check CHECK (kind IN ('logo', 'banner', 'avatar'));
