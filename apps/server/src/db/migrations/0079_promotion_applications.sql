-- Application promotions (issue 36, docs/decisions/0052-application-promotions.md): a promotion of kind 'application'
-- (migration 0077 allowed the kind) that a member applies to with a comment and up to 3 images; an operator approves
-- it, and its reward is paid as a bonus with source 'application' (keyed 'bonus:<promotionId>:<memberId>', so once),
-- or rejects it with a reason. The member may apply again after a rejection.

ALTER TABLE member_bonuses DROP CONSTRAINT member_bonuses_source_check;
ALTER TABLE member_bonuses ADD CONSTRAINT member_bonuses_source_check
  CHECK (source IN ('deposit', 'signup', 'application'));

-- applying → issued (the bonus paid in the same transaction, bonus_id) | rejected (reject_reason, read by the member).
CREATE TABLE promotion_applications (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  promotion_id bigint NOT NULL REFERENCES promotions (id),
  comment text NOT NULL CHECK (length(comment) BETWEEN 1 AND 140),
  status text NOT NULL DEFAULT 'applying' CHECK (status IN ('applying', 'issued', 'rejected')),
  reject_reason text CHECK (length(reject_reason) BETWEEN 1 AND 140),
  decided_by bigint REFERENCES operators (id),
  decided_at timestamptz,
  bonus_id bigint REFERENCES member_bonuses (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'rejected') = (reject_reason IS NOT NULL)),
  CHECK ((status = 'issued') = (bonus_id IS NOT NULL)),
  CHECK ((status = 'applying') = (decided_at IS NULL))
);
-- One application waiting or approved per member and promotion: a second one while the first waits, or after its
-- reward was paid, is refused (APPLICATION_PENDING, APPLICATION_ALREADY_ISSUED) even when two arrive at once.
CREATE UNIQUE INDEX promotion_applications_open_idx ON promotion_applications (promotion_id, member_id)
  WHERE status IN ('applying', 'issued');
CREATE INDEX promotion_applications_member_idx ON promotion_applications (member_id, id DESC);
CREATE INDEX promotion_applications_brand_idx ON promotion_applications (merchant_id, status, id DESC);

-- The images of an application, as the server encoded them again after checking their content (PNG or JPEG, at most
-- 5 MB, at most 3), like the identity documents (migration 0070).
CREATE TABLE promotion_application_images (
  id bigserial PRIMARY KEY,
  application_id bigint NOT NULL REFERENCES promotion_applications (id) ON DELETE CASCADE,
  merchant_id bigint NOT NULL REFERENCES merchants (id) ON DELETE CASCADE,
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  position smallint NOT NULL CHECK (position BETWEEN 1 AND 3),
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  size_bytes integer NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (application_id, position)
);

INSERT INTO message_templates (merchant_id, template_key, language, title, body) VALUES
  (NULL, 'applicationIssued', 'EN', 'Application approved',
   'Your application to "{titleEn}" on {site} was approved: {amount} {currency} has been added to your balance.'),
  (NULL, 'applicationIssued', 'KO', '이벤트 신청 승인',
   '{site} "{titleKo}" 이벤트 신청이 승인되어 {amount} {currency}이(가) 잔액에 지급되었습니다.'),
  (NULL, 'applicationRejected', 'EN', 'Application rejected',
   'Your application to "{titleEn}" on {site} was rejected: {reason}. You may apply again while the promotion runs.'),
  (NULL, 'applicationRejected', 'KO', '이벤트 신청 거절',
   '{site} "{titleKo}" 이벤트 신청이 거절되었습니다: {reason}. 이벤트 기간 중에는 다시 신청할 수 있습니다.');
