-- The image captcha gave way to a harder proof of work (decision 0030): its table holds nothing of use.
DROP TABLE IF EXISTS captchas;
