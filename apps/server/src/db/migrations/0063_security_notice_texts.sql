-- The security notices' words have one source, the message templates (issue 33): the mailbox writes them and the
-- e-mail and SMS of the same change read them (apps/server/src/modules/security/security-notices.ts). The e-mail's
-- texts said more (what to do when it was not you); the platform's templates take those words. A row a brand or an
-- operator has since changed is left as it is.
UPDATE message_templates t SET body = v.body
FROM (VALUES
  ('securityTotpEnabled', 'EN', 'An authenticator now protects your {site} account.',
   'An authenticator was set up on your {site} account. If this was not you, contact customer service now.'),
  ('securityTotpEnabled', 'KO', '{site} 계정에 인증 앱이 등록되었습니다.',
   '{site} 계정에 인증 앱이 등록되었습니다. 본인이 아니라면 즉시 고객센터에 문의해 주세요.'),
  ('securityTotpRemoved', 'EN', 'The authenticator of your {site} account was removed. If this was not you, contact customer service now.',
   'The authenticator of your {site} account was removed. If this was not you, change your password and contact customer service now.'),
  ('securityTotpRemoved', 'KO', '{site} 계정의 인증 앱이 해제되었습니다. 본인이 아니라면 즉시 고객센터에 문의해 주세요.',
   '{site} 계정의 인증 앱이 해제되었습니다. 본인이 아니라면 즉시 비밀번호를 바꾸고 고객센터에 문의해 주세요.'),
  ('securityPaymentPasswordSet', 'EN', 'The payment password of your {site} account was set or changed.',
   'The payment password of your {site} account was set or changed. If this was not you, contact customer service now.'),
  ('securityPaymentPasswordSet', 'KO', '{site} 계정의 결제 비밀번호가 설정 또는 변경되었습니다.',
   '{site} 계정의 결제 비밀번호가 설정 또는 변경되었습니다. 본인이 아니라면 즉시 고객센터에 문의해 주세요.'),
  ('securityPaymentPasswordReset', 'EN', 'The payment password of your {site} account was reset. If this was not you, contact customer service now.',
   'The payment password of your {site} account was reset with a code. If this was not you, change your password and contact customer service now.'),
  ('securityPaymentPasswordReset', 'KO', '{site} 계정의 결제 비밀번호가 재설정되었습니다. 본인이 아니라면 즉시 고객센터에 문의해 주세요.',
   '{site} 계정의 결제 비밀번호가 인증번호로 재설정되었습니다. 본인이 아니라면 즉시 비밀번호를 바꾸고 고객센터에 문의해 주세요.')
) AS v (template_key, language, old_body, body)
WHERE t.merchant_id IS NULL AND t.template_key = v.template_key AND t.language = v.language AND t.body = v.old_body;
