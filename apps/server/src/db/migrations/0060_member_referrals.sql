-- A member's invitations (member centre, `referral`): registration stores who invited a new member in
-- members.referrer_id (0020); the member centre lists an inviter's members newest first by keyset and counts
-- them. Without this index each read scanned the brand's members.
CREATE INDEX members_referrer_idx ON members (referrer_id, id DESC) WHERE referrer_id IS NOT NULL;
