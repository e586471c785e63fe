-- The member mailbox (issue 33, docs/product/member-centre.md#messages): system messages written from templates
-- in the member's language, a member's soft delete, and operators' messages stored once however many members
-- they reach.

-- A template of a system message. merchant_id null is the platform's; a brand's own row of the same key and
-- language takes its place. Placeholders in braces: {site} (the brand's name), {currency} (its currency), and the
-- caller's parameters ({amount}, {reason}, ...).
CREATE TABLE message_templates (
  id bigserial PRIMARY KEY,
  merchant_id bigint REFERENCES merchants (id) ON DELETE CASCADE,
  template_key text NOT NULL,
  language text NOT NULL CHECK (language IN ('KO', 'EN')),
  title text NOT NULL,
  body text NOT NULL
);
CREATE UNIQUE INDEX message_templates_key ON message_templates (coalesce(merchant_id, 0), template_key, language);

INSERT INTO message_templates (merchant_id, template_key, language, title, body) VALUES
  (NULL, 'depositCredited', 'EN', 'Deposit credited', 'Your deposit of {amount} {currency} has been credited to your {site} account.'),
  (NULL, 'depositCredited', 'KO', '입금 완료', '{amount} {currency} 입금이 {site} 계정에 반영되었습니다.'),
  (NULL, 'withdrawalApproved', 'EN', 'Withdrawal approved', 'Your withdrawal of {amount} {currency} from {site} has been approved and is on its way.'),
  (NULL, 'withdrawalApproved', 'KO', '출금 승인', '{site}에서 신청하신 {amount} {currency} 출금이 승인되어 처리 중입니다.'),
  (NULL, 'withdrawalRejected', 'EN', 'Withdrawal rejected', 'Your withdrawal of {amount} {currency} from {site} was rejected: {reason}. The amount is back in your balance.'),
  (NULL, 'withdrawalRejected', 'KO', '출금 거절', '{site}에서 신청하신 {amount} {currency} 출금이 거절되었습니다: {reason}. 금액은 잔액으로 돌아왔습니다.'),
  (NULL, 'depositFailed', 'EN', 'Deposit failed', 'Your deposit of {amount} {currency} to {site} could not be completed: {reason}.'),
  (NULL, 'depositFailed', 'KO', '입금 실패', '{site} {amount} {currency} 입금을 완료하지 못했습니다: {reason}.'),
  (NULL, 'securityPasswordChanged', 'EN', 'Password changed', 'The password of your {site} account was changed. If this was not you, contact customer service now.'),
  (NULL, 'securityPasswordChanged', 'KO', '비밀번호 변경', '{site} 계정의 비밀번호가 변경되었습니다. 본인이 아니라면 즉시 고객센터에 문의해 주세요.'),
  (NULL, 'securityPhoneChanged', 'EN', 'Mobile number changed', 'The mobile number of your {site} account is now {phone}. If this was not you, contact customer service now.'),
  (NULL, 'securityPhoneChanged', 'KO', '휴대폰 번호 변경', '{site} 계정의 휴대폰 번호가 {phone}(으)로 변경되었습니다. 본인이 아니라면 즉시 고객센터에 문의해 주세요.'),
  (NULL, 'securityEmailChanged', 'EN', 'E-mail changed', 'The e-mail of your {site} account is now {email}. If this was not you, contact customer service now.'),
  (NULL, 'securityEmailChanged', 'KO', '이메일 변경', '{site} 계정의 이메일이 {email}(으)로 변경되었습니다. 본인이 아니라면 즉시 고객센터에 문의해 주세요.'),
  (NULL, 'securityTotpEnabled', 'EN', 'Authenticator added', 'An authenticator now protects your {site} account.'),
  (NULL, 'securityTotpEnabled', 'KO', '인증 앱 등록', '{site} 계정에 인증 앱이 등록되었습니다.'),
  (NULL, 'securityTotpRemoved', 'EN', 'Authenticator removed', 'The authenticator of your {site} account was removed. If this was not you, contact customer service now.'),
  (NULL, 'securityTotpRemoved', 'KO', '인증 앱 해제', '{site} 계정의 인증 앱이 해제되었습니다. 본인이 아니라면 즉시 고객센터에 문의해 주세요.'),
  (NULL, 'securityPaymentPasswordSet', 'EN', 'Payment password set', 'The payment password of your {site} account was set or changed.'),
  (NULL, 'securityPaymentPasswordSet', 'KO', '결제 비밀번호 설정', '{site} 계정의 결제 비밀번호가 설정 또는 변경되었습니다.'),
  (NULL, 'securityPaymentPasswordReset', 'EN', 'Payment password reset', 'The payment password of your {site} account was reset. If this was not you, contact customer service now.'),
  (NULL, 'securityPaymentPasswordReset', 'KO', '결제 비밀번호 재설정', '{site} 계정의 결제 비밀번호가 재설정되었습니다. 본인이 아니라면 즉시 고객센터에 문의해 주세요.'),
  (NULL, 'feedbackAnswer', 'EN', 'Answer to your feedback', '{answer}

Your feedback to {site}:
{feedback}'),
  (NULL, 'feedbackAnswer', 'KO', '의견에 대한 답변', '{answer}

{site}에 보내신 의견:
{feedback}');

-- A member removes a message from the mailbox: the row stays (soft delete), read so it leaves the unread index.
ALTER TABLE member_messages
  ADD COLUMN deleted_at timestamptz,
  ADD COLUMN template_key text;
-- The mailbox's pages: newest first by keyset, removed messages out.
CREATE INDEX member_messages_mailbox_idx ON member_messages (member_id, merchant_id, created_at DESC, id DESC)
  WHERE deleted_at IS NULL;

-- A message an operator wrote: to one member, to a segment, or to every member of the brand. Stored once: each
-- member's mailbox reads the brand's messages its member is in the audience of, so a message to a million members
-- is one row, not a million. A member registered after it was sent is not in its audience.
CREATE TABLE operator_messages (
  id bigserial PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES merchants (id),
  audience text NOT NULL CHECK (audience IN ('member', 'segment', 'all')),
  member_id bigint REFERENCES members (id) ON DELETE CASCADE,
  min_rank_level integer,
  max_rank_level integer,
  -- Registered at or after registered_from and before registered_to (the day after the last day chosen).
  registered_from timestamptz,
  registered_to timestamptz,
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 120),
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 4000),
  -- Null for the CLI.
  operator_id bigint REFERENCES operators (id),
  actor text NOT NULL CHECK (actor ~ '^(operator|cli):.+'),
  -- Members the audience held when it was sent.
  recipients integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((audience = 'member') = (member_id IS NOT NULL))
);
CREATE INDEX operator_messages_member_idx ON operator_messages (member_id, created_at DESC, id DESC)
  WHERE audience = 'member';
CREATE INDEX operator_messages_broadcast_idx ON operator_messages (merchant_id, created_at DESC, id DESC)
  WHERE audience <> 'member';
CREATE INDEX operator_messages_merchant_idx ON operator_messages (merchant_id, id DESC);

-- What a member did with an operator's message: written only when the member reads or removes it.
CREATE TABLE operator_message_states (
  member_id bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  message_id bigint NOT NULL REFERENCES operator_messages (id) ON DELETE CASCADE,
  read_at timestamptz,
  deleted_at timestamptz,
  PRIMARY KEY (member_id, message_id)
);
CREATE INDEX operator_message_states_message_idx ON operator_message_states (message_id);
