import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
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
  failedLoginCount: integer('failed_login_count').notNull().default(0),
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
