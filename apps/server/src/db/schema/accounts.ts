import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { merchants } from './merchants';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The accounts view of `members` (0002 creates the table, 0020 adds these columns): credentials,
 * registration fields and sign-in state. Only the accounts module writes these columns.
 */
export const memberAccounts = pgTable('members', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: bigint('merchant_id', { mode: 'number' }).notNull(),
  account: text('account').notNull(),
  nickname: text('nickname'),
  agentType: integer('agent_type').notNull().default(0),
  uplineId: bigint('upline_id', { mode: 'number' }),
  status: text('status').notNull().default('active'),
  /** Why an operator last locked or unlocked the account, and when (the back office's Players pages). */
  statusReason: text('status_reason'),
  statusChangedAt: at('status_changed_at'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
  /** scrypt, self-describing: `scrypt$N$r$p$salt$hash` (base64url). */
  passwordHash: text('password_hash'),
  passwordChangedAt: at('password_changed_at'),
  /** The platform's default password was set (by an operator): sign-in forces the change dialog. */
  passwordIsDefault: boolean('password_is_default').notNull().default(false),
  paymentPasswordHash: text('payment_password_hash'),
  countryDialingCode: text('country_dialing_code'),
  mobileNum: text('mobile_num'),
  email: text('email'),
  payeeName: text('payee_name'),
  qqNum: text('qq_num'),
  line: text('line'),
  whatsapp: text('whatsapp'),
  facebook: text('facebook'),
  wechat: text('wechat'),
  telegram: text('telegram'),
  zalo: text('zalo'),
  idNumber: text('id_number'),
  birthday: text('birthday'),
  address: text('address'),
  nationality: text('nationality'),
  occupation: text('occupation'),
  sourceOfIncome: text('source_of_income'),
  fullname: text('fullname'),
  recommenderId: text('recommender_id'),
  /** The member's own code: an agent's affiliate code, a member's referral code. */
  inviteCode: text('invite_code'),
  referrerId: bigint('referrer_id', { mode: 'number' }),
  registerMethod: text('register_method'),
  registerDomain: text('register_domain'),
  registerIp: text('register_ip'),
  /** SHA-256 (hex) of the device id the registration carried (X-Parlay-Device), for the abuse check; null: none. */
  registerDeviceHash: text('register_device_hash'),
  language: text('language'),
  avatar: text('avatar'),
  avatarType: text('avatar_type').notNull().default('STATIC'),
  rankLevel: integer('rank_level').notNull().default(0),
  memberLabels: text('member_labels')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Base32 secret of an authenticator app, when the member bound one. */
  totpSecret: text('totp_secret'),
  firstTimeLogin: boolean('first_time_login').notNull().default(true),
  /** The operator's view of login_throttle: failed sign-ins on the account from every IP in the window. */
  failedLoginCount: integer('failed_login_count').notNull().default(0),
  /** Until when the IP of the latest failure waits (decision 0025); the account itself never locks. */
  lockedUntil: at('locked_until'),
  lastLoginAt: at('last_login_at'),
  lastLoginIp: text('last_login_ip'),
  previousLoginAt: at('previous_login_at'),
  /** A free-play guest: play money only, never real money; expires at `expiresAt`. */
  isFreePlay: boolean('is_free_play').notNull().default(false),
  expiresAt: at('expires_at'),
});

/** A signed-in session. Only the SHA-256 of the bearer token is stored. */
export const memberSessions = pgTable(
  'member_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    /** Absolute expiry; the idle expiry is counted from `lastSeenAt`. */
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (table) => [
    uniqueIndex('member_sessions_token_hash_key').on(table.tokenHash),
    index('member_sessions_member_idx').on(table.memberId),
  ],
);

/** IPs a member has signed in from; a new one asks for a second check. */
export const memberKnownIps = pgTable(
  'member_known_ips',
  {
    memberId: bigint('member_id', { mode: 'number' }).notNull(),
    ip: text('ip').notNull(),
    firstSeenAt: at('first_seen_at').notNull().defaultNow(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.ip] })],
);

/** Secrets shared by every instance (HMAC keys), created by the first instance that needs one. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** RSA key pairs of request encryption (JWE); a rotated key decrypts until `decryptUntil`. */
export const encryptionKeys = pgTable('encryption_keys', {
  kid: text('kid').primaryKey(),
  publicJwk: jsonb('public_jwk').notNull(),
  privateJwk: jsonb('private_jwk').notNull(),
  isCurrent: boolean('is_current').notNull().default(true),
  createdAt: at('created_at').notNull().defaultNow(),
  retiredAt: at('retired_at'),
  decryptUntil: at('decrypt_until'),
});

/** Spent proof-of-work challenges (by signature hash), kept until they would have expired anyway. */
export const altchaSpent = pgTable('altcha_spent', {
  signatureHash: text('signature_hash').primaryKey(),
  expiresAt: at('expires_at').notNull(),
});

/** What a code was sent for: a code is accepted only for its own purpose ('payment_password': migration 0061). */
export type CodePurpose =
  'login' | 'register' | 'recovery' | 'ip_check' | 'payment_password' | 'contact_current' | 'contact_new';
export type MessageChannel = 'sms' | 'email';

export const verificationCodes = pgTable('verification_codes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: bigint('merchant_id', { mode: 'number' }).notNull(),
  purpose: text('purpose').$type<CodePurpose>().notNull(),
  channel: text('channel').$type<MessageChannel>().notNull(),
  /** `+<dialling code><number>` for SMS, the lower-cased address for e-mail. */
  target: text('target').notNull(),
  codeHash: text('code_hash').notNull(),
  ip: text('ip').notNull().default(''),
  attempts: integer('attempts').notNull().default(0),
  createdAt: at('created_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
  consumedAt: at('consumed_at'),
});

/** Every SMS and e-mail sent, whatever the provider. */
export const outboxMessages = pgTable('outbox_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  merchantId: bigint('merchant_id', { mode: 'number' }),
  channel: text('channel').$type<MessageChannel>().notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull().default(''),
  body: text('body').notNull(),
  provider: text('provider').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const loginChallenges = pgTable('login_challenges', {
  id: uuid('id').primaryKey(),
  memberId: bigint('member_id', { mode: 'number' }).notNull(),
  merchantId: bigint('merchant_id', { mode: 'number' }).notNull(),
  ip: text('ip').notNull(),
  userAgent: text('user_agent').notNull().default(''),
  methods: text('methods').array().notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: at('created_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
  consumedAt: at('consumed_at'),
});

export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  memberId: bigint('member_id', { mode: 'number' }).notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
  consumedAt: at('consumed_at'),
});

export const registerSettings = pgTable('register_settings', {
  merchantId: bigint('merchant_id', { mode: 'number' }).primaryKey(),
  rules: jsonb('rules').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * Failed sign-ins per brand and key, known account or not (decision 0025): `p:<account>@<ip>`,
 * `ip:<ip>`, `u:<username>` or `m:<mobile>`, and `c:<member id>` for the new-IP second check. An attempt
 * is counted before its check; `locked_until` is when the key may try again.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    merchantId: bigint('merchant_id', { mode: 'number' }).notNull(),
    key: text('key').notNull(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: at('window_started_at').notNull().defaultNow(),
    lockedUntil: at('locked_until'),
  },
  (table) => [primaryKey({ columns: [table.merchantId, table.key] })],
);
