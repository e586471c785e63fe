// The back office's calls (docs/decisions/0032-back-office-operators-and-audit.md), exported as
// BACKOFFICE_CALLS. Every path starts with BACKOFFICE_PATH_PREFIX; a brand-scoped call carries the brand's
// merchant code as `:brand`. Zod-free: the back office's start-up code imports them. Each feature with
// operator pages adds its calls here.
import type { ApiCall } from '../call';

// The operator's own session. Signing in takes two steps: the password, then a code of the authenticator
// (or a recovery code); the first sign-in enrols the authenticator instead.
/** Step 1: login and password. Answers the next step and its challenge. */
export const signIn = { method: 'POST', path: '/bo/api/session/sign-in' } as const satisfies ApiCall;
/** Step 2: a 6-digit code of the authenticator. Sets the session cookie. */
export const signInTotp = { method: 'POST', path: '/bo/api/session/sign-in/totp' } as const satisfies ApiCall;
/** Step 2 without the authenticator: a recovery code, good once. Sets the session cookie. */
export const signInRecovery = {
  method: 'POST',
  path: '/bo/api/session/sign-in/recovery',
} as const satisfies ApiCall;
/** Step 2 of the first sign-in: the first code of the authenticator just enrolled. Sets the cookie. */
export const enrolTotp = { method: 'POST', path: '/bo/api/session/sign-in/enrolment' } as const satisfies ApiCall;
/** Who is signed in: roles, permissions, brands, when the session ends. */
export const session = { method: 'GET', path: '/bo/api/session' } as const satisfies ApiCall;
export const signOut = { method: 'DELETE', path: '/bo/api/session' } as const satisfies ApiCall;
/** Ends every session of the operator, this one included. */
export const signOutEverywhere = { method: 'DELETE', path: '/bo/api/sessions' } as const satisfies ApiCall;
/** New recovery codes (the old ones stop working), confirmed by a code of the authenticator. */
export const renewRecoveryCodes = {
  method: 'POST',
  path: '/bo/api/session/recovery-codes',
} as const satisfies ApiCall;

// Invitations: a one-time link by e-mail; the invited operator chooses a password, then signs in.
/** What an invitation is for (login, name, brands), before it is accepted. */
export const invitation = { method: 'POST', path: '/bo/api/invitation' } as const satisfies ApiCall;
export const acceptInvitation = { method: 'POST', path: '/bo/api/invitation/accept' } as const satisfies ApiCall;

// Operators and their roles (not brand-scoped: each operator sees and changes only operators of its brands).
export const operators = { method: 'GET', path: '/bo/api/operators' } as const satisfies ApiCall;
export const operator = { method: 'GET', path: '/bo/api/operators/:operatorId' } as const satisfies ApiCall;
/** Creates the operator and e-mails the invitation. */
export const inviteOperator = { method: 'POST', path: '/bo/api/operators' } as const satisfies ApiCall;
/** A new invitation link for an operator who has not accepted one yet (the old link stops working). */
export const reinviteOperator = {
  method: 'POST',
  path: '/bo/api/operators/:operatorId/invitation',
} as const satisfies ApiCall;
export const suspendOperator = {
  method: 'POST',
  path: '/bo/api/operators/:operatorId/suspend',
} as const satisfies ApiCall;
export const reactivateOperator = {
  method: 'POST',
  path: '/bo/api/operators/:operatorId/reactivate',
} as const satisfies ApiCall;
export const setOperatorRoles = {
  method: 'PUT',
  path: '/bo/api/operators/:operatorId/roles',
} as const satisfies ApiCall;
export const setOperatorBrands = {
  method: 'PUT',
  path: '/bo/api/operators/:operatorId/brands',
} as const satisfies ApiCall;
/** The operator enrols a new authenticator at the next sign-in (a lost phone); every session ends. */
export const resetOperatorTotp = {
  method: 'POST',
  path: '/bo/api/operators/:operatorId/totp-reset',
} as const satisfies ApiCall;
export const endOperatorSessions = {
  method: 'DELETE',
  path: '/bo/api/operators/:operatorId/sessions',
} as const satisfies ApiCall;

// A brand's IP allow-list: when it has entries, every brand-scoped call for the brand must come from one.
export const ipAllowList = { method: 'GET', path: '/bo/api/brands/:brand/ip-allow-list' } as const satisfies ApiCall;
export const setIpAllowList = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/ip-allow-list',
} as const satisfies ApiCall;

/** The audit trail: every write through the back office or the CLI, newest first. */
export const audit = { method: 'GET', path: '/bo/api/audit' } as const satisfies ApiCall;

// A brand's dashboard and daily reports, read from the settlement feed's aggregates
// (docs/decisions/0034-settlement-feed.md).
/** The brand's figures over a period (today, 7 or 30 days, custom): totals, series, by category and vendor. */
export const dashboard = { method: 'GET', path: '/bo/api/brands/:brand/dashboard' } as const satisfies ApiCall;
/** A page of daily rows by brand, vendor, category or game, newest day first. */
export const dailyReport = { method: 'GET', path: '/bo/api/brands/:brand/reports/daily' } as const satisfies ApiCall;
/** Every daily row of a period as CSV (text/csv), streamed as it is read. */
export const dailyReportExport = {
  method: 'GET',
  path: '/bo/api/brands/:brand/reports/daily/export',
} as const satisfies ApiCall;

// A brand's settings (issue 32, "Brand"): each save names one part and carries the brand's version; each
// answers the settings as they now are.
export const brandSettings = { method: 'GET', path: '/bo/api/brands/:brand/settings' } as const satisfies ApiCall;
/** Switches one module of the whitelabel tree. */
export const setBrandFlag = { method: 'PUT', path: '/bo/api/brands/:brand/settings/flags' } as const satisfies ApiCall;
/** Maintenance off, on now, or scheduled from a start. */
export const setBrandMaintenance = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/settings/maintenance',
} as const satisfies ApiCall;
/** The countries and IP ranges whose visitors see the restricted page. */
export const setBrandRegions = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/settings/regions',
} as const satisfies ApiCall;
export const setBrandDomains = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/settings/domains',
} as const satisfies ApiCall;
export const setBrandCustomerService = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/settings/customer-service',
} as const satisfies ApiCall;
/** The footer's operator and licence lines (and whether the brand is a demo). */
export const setBrandOperator = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/settings/operator',
} as const satisfies ApiCall;
export const setBrandLanguages = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/settings/languages',
} as const satisfies ApiCall;
/** Refused while members hold a balance (the symbol alone may always change). */
export const setBrandCurrency = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/settings/currency',
} as const satisfies ApiCall;
export const setBrandTheme = { method: 'PUT', path: '/bo/api/brands/:brand/settings/theme' } as const satisfies ApiCall;
/** The origin every link the platform sends is built on (decision 0026). */
export const setBrandSiteUrl = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/settings/site-url',
} as const satisfies ApiCall;
/** The body is the image (PNG or JPEG), checked by content and encoded again; `?version=`. */
export const uploadBrandLogo = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/settings/logo',
} as const satisfies ApiCall;
export const removeBrandLogo = {
  method: 'DELETE',
  path: '/bo/api/brands/:brand/settings/logo',
} as const satisfies ApiCall;

// A brand's content (issue 32, "Content"): announcements of each type with their schedule, the help centre,
// and the images banners and promotions show. HTML is sanitised on save.
export const announcements = { method: 'GET', path: '/bo/api/brands/:brand/announcements' } as const satisfies ApiCall;
export const announcement = {
  method: 'GET',
  path: '/bo/api/brands/:brand/announcements/:id',
} as const satisfies ApiCall;
export const createAnnouncement = {
  method: 'POST',
  path: '/bo/api/brands/:brand/announcements',
} as const satisfies ApiCall;
export const updateAnnouncement = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/announcements/:id',
} as const satisfies ApiCall;
/** A new order of the brand's banners (or any announcements), each with its version, as one change. */
export const setAnnouncementOrder = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/announcements/order',
} as const satisfies ApiCall;
/** `?version=`: a stale one removes nothing. */
export const removeAnnouncement = {
  method: 'DELETE',
  path: '/bo/api/brands/:brand/announcements/:id',
} as const satisfies ApiCall;
export const helpItems = { method: 'GET', path: '/bo/api/brands/:brand/help-items' } as const satisfies ApiCall;
export const helpItem = { method: 'GET', path: '/bo/api/brands/:brand/help-items/:id' } as const satisfies ApiCall;
export const createHelpItem = { method: 'POST', path: '/bo/api/brands/:brand/help-items' } as const satisfies ApiCall;
export const updateHelpItem = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/help-items/:id',
} as const satisfies ApiCall;
export const removeHelpItem = {
  method: 'DELETE',
  path: '/bo/api/brands/:brand/help-items/:id',
} as const satisfies ApiCall;
/** The body is the image (PNG or JPEG) for a banner or a promotion; answers where the site loads it. */
export const uploadContentImage = {
  method: 'POST',
  path: '/bo/api/brands/:brand/content/images',
} as const satisfies ApiCall;

// The Games pages (docs/decisions/0020-catalogue-sync.md, 0024, 0027, 0021). Vendors and their feeds and the
// request-encryption keys are the platform's: an operator of every brand changes them.
/** The vendors and their feeds: status, last reading and its result, a page at a time. */
export const vendorFeeds = { method: 'GET', path: '/bo/api/vendors' } as const satisfies ApiCall;
/** Reads the vendor's feed again now (`games sync CODE`); answers the vendor with the reading's result. */
export const syncVendorFeed = { method: 'POST', path: '/bo/api/vendors/:vendor/sync' } as const satisfies ApiCall;
/** Writes an uploaded feed (`games import`), checked against the contract's CatalogueFeedSchema. */
export const importVendorFeed = { method: 'POST', path: '/bo/api/vendors/import' } as const satisfies ApiCall;
/** The brand's vendors in its order: offered or not, games listed, promotion cap, versions. */
export const brandOffer = { method: 'GET', path: '/bo/api/brands/:brand/offer' } as const satisfies ApiCall;
/** A new order of the brand's vendors, as one change. */
export const setVendorOrder = { method: 'PUT', path: '/bo/api/brands/:brand/offer/order' } as const satisfies ApiCall;
export const brandOfferVendor = {
  method: 'GET',
  path: '/bo/api/brands/:brand/offer/vendors/:vendor',
} as const satisfies ApiCall;
/** Whether the brand offers the vendor's games. */
export const setBrandVendor = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/offer/vendors/:vendor',
} as const satisfies ApiCall;
/** The brand's daily cap on the vendor's promotion and tournament credits (decision 0027). */
export const setPromotionCap = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/offer/vendors/:vendor/promotion-cap',
} as const satisfies ApiCall;
/** The promotion and tournament credits the vendor paid the brand's members on a day, and the day's total. */
export const promotionCredits = {
  method: 'GET',
  path: '/bo/api/brands/:brand/offer/vendors/:vendor/promotions',
} as const satisfies ApiCall;
/** The vendor's games as the brand offers them, in its order, a page at a time. */
export const brandOfferGames = {
  method: 'GET',
  path: '/bo/api/brands/:brand/offer/vendors/:vendor/games',
} as const satisfies ApiCall;
/** The brand's choices over one game: listed, hot, place (null follows the feed). */
export const setBrandGame = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/offer/vendors/:vendor/games/:game',
} as const satisfies ApiCall;
/** The vendor's top-level games in the brand's order, for the order editor. */
export const gameOrder = {
  method: 'GET',
  path: '/bo/api/brands/:brand/offer/vendors/:vendor/order',
} as const satisfies ApiCall;
/** A new order of the vendor's games, as one change. */
export const setGameOrder = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/offer/vendors/:vendor/order',
} as const satisfies ApiCall;
/** Rounds of the brand left open for more than a day, oldest first. */
export const openRounds = { method: 'GET', path: '/bo/api/brands/:brand/rounds/open' } as const satisfies ApiCall;
/** Cancels or settles one of them, with a reason (`rounds cancel|settle`). */
export const closeOpenRound = { method: 'POST', path: '/bo/api/brands/:brand/rounds/close' } as const satisfies ApiCall;
/** The house games' limits of the brand, and the default ones. */
export const houseLimits = { method: 'GET', path: '/bo/api/brands/:brand/house-limits' } as const satisfies ApiCall;
export const setHouseLimit = { method: 'PUT', path: '/bo/api/brands/:brand/house-limits' } as const satisfies ApiCall;
/** The request-encryption keys (never their material). */
export const encryptionKeys = { method: 'GET', path: '/bo/api/keys' } as const satisfies ApiCall;
/** A new current key; the old one decrypts for the grace given. */
export const rotateEncryptionKey = { method: 'POST', path: '/bo/api/keys/rotate' } as const satisfies ApiCall;

// A brand's players (docs/decisions/0035-back-office-players.md): the search, a player's page, and what operators
// do to an account. `:playerId` is the member ID.
/** Players by account prefix, member ID, phone, e-mail or IP (`by`, `q`); there is no list of every player. */
export const players = { method: 'GET', path: '/bo/api/brands/:brand/players' } as const satisfies ApiCall;
export const player = { method: 'GET', path: '/bo/api/brands/:brand/players/:playerId' } as const satisfies ApiCall;
export const playerBalances = {
  method: 'GET',
  path: '/bo/api/brands/:brand/players/:playerId/balances',
} as const satisfies ApiCall;
/** The player's ledger movements, newest first. */
export const playerLedger = {
  method: 'GET',
  path: '/bo/api/brands/:brand/players/:playerId/ledger',
} as const satisfies ApiCall;
export const playerRounds = {
  method: 'GET',
  path: '/bo/api/brands/:brand/players/:playerId/rounds',
} as const satisfies ApiCall;
/** One round with its money moves and the vendor's replay data, as the player's wallet panel shows it. */
export const playerRound = {
  method: 'GET',
  path: '/bo/api/brands/:brand/players/:playerId/rounds/:vassalage/:roundId',
} as const satisfies ApiCall;
/** The player's live sessions. */
export const playerSessions = {
  method: 'GET',
  path: '/bo/api/brands/:brand/players/:playerId/sessions',
} as const satisfies ApiCall;
/** Ends one session (a game it launched takes no new stake). */
export const endPlayerSession = {
  method: 'DELETE',
  path: '/bo/api/brands/:brand/players/:playerId/sessions/:sessionId',
} as const satisfies ApiCall;
/** Ends every session of the player. */
export const endPlayerSessions = {
  method: 'DELETE',
  path: '/bo/api/brands/:brand/players/:playerId/sessions',
} as const satisfies ApiCall;
/** The player's protection: limits, time-out or self-exclusion, and the history of their changes. */
export const playerProtection = {
  method: 'GET',
  path: '/bo/api/brands/:brand/players/:playerId/protection',
} as const satisfies ApiCall;
/** Adds a time-out or self-exclusion to the player; one in force is only ever lengthened. */
export const blockPlayerProtection = {
  method: 'POST',
  path: '/bo/api/brands/:brand/players/:playerId/protection/block',
} as const satisfies ApiCall;
/** Sign-ins with their IP and country, newest first. */
export const playerSignIns = {
  method: 'GET',
  path: '/bo/api/brands/:brand/players/:playerId/sign-ins',
} as const satisfies ApiCall;
/** Operators' notes on the player, newest first. */
export const playerNotes = {
  method: 'GET',
  path: '/bo/api/brands/:brand/players/:playerId/notes',
} as const satisfies ApiCall;
/** Adds a note; notes are never changed or removed. */
export const addPlayerNote = {
  method: 'POST',
  path: '/bo/api/brands/:brand/players/:playerId/notes',
} as const satisfies ApiCall;
/** No more sign-ins; every session ends. */
export const lockPlayer = {
  method: 'POST',
  path: '/bo/api/brands/:brand/players/:playerId/lock',
} as const satisfies ApiCall;
export const unlockPlayer = {
  method: 'POST',
  path: '/bo/api/brands/:brand/players/:playerId/unlock',
} as const satisfies ApiCall;
/** The password counts as expired: the next sign-in must change it (with FORCE_PASSWORD_CHANGE on). */
export const expirePlayerPassword = {
  method: 'POST',
  path: '/bo/api/brands/:brand/players/:playerId/password/expire',
} as const satisfies ApiCall;
/** A temporary password (given or generated), to be changed at the next sign-in; every session ends. */
export const setPlayerDefaultPassword = {
  method: 'POST',
  path: '/bo/api/brands/:brand/players/:playerId/password/default',
} as const satisfies ApiCall;
/** Credits or debits the player with a reason, idempotent by key (`npm run admin -- wallet adjust`). */
export const adjustPlayerBalance = {
  method: 'POST',
  path: '/bo/api/brands/:brand/players/:playerId/adjustments',
} as const satisfies ApiCall;

// A brand's messages and feedback (issue 33): operators write to members' mailboxes; support answers feedback.
/** The messages operators sent on the brand, newest first. */
export const sentMessages = { method: 'GET', path: '/bo/api/brands/:brand/messages' } as const satisfies ApiCall;
/** Writes to one member, a segment or every member; a broadcast is stored once, not once per member. */
export const sendMessage = { method: 'POST', path: '/bo/api/brands/:brand/messages' } as const satisfies ApiCall;
/** The brand's feedback, newest first, open or answered. */
export const feedbackList = { method: 'GET', path: '/bo/api/brands/:brand/feedback' } as const satisfies ApiCall;
/** Answers a feedback once: into the member's mailbox, or recorded as undeliverable for a visitor. */
export const answerFeedback = {
  method: 'POST',
  path: '/bo/api/brands/:brand/feedback/:feedbackId/answer',
} as const satisfies ApiCall;

// A brand's withdrawals (docs/decisions/0041-withdrawals.md): review with risk flags, payout, confirmation cases.
/** The brand's withdrawals of one queue (review, payout, done, cases, resolved), newest first. */
export const withdrawalQueue = { method: 'GET', path: '/bo/api/brands/:brand/withdrawals' } as const satisfies ApiCall;
/** Approves a requested withdrawal: paid through the brand's provider now, or by hand later. */
export const approveWithdrawal = {
  method: 'POST',
  path: '/bo/api/brands/:brand/withdrawals/:withdrawalId/approve',
} as const satisfies ApiCall;
/** Rejects a requested (or failed) withdrawal with a reason: the hold goes back to the member. */
export const rejectWithdrawal = {
  method: 'POST',
  path: '/bo/api/brands/:brand/withdrawals/:withdrawalId/reject',
} as const satisfies ApiCall;
/** Marks an approved (or failed) withdrawal paid by hand. */
export const markWithdrawalPaid = {
  method: 'POST',
  path: '/bo/api/brands/:brand/withdrawals/:withdrawalId/paid',
} as const satisfies ApiCall;
/** Sends a failed payout to the provider again. */
export const retryWithdrawalPayout = {
  method: 'POST',
  path: '/bo/api/brands/:brand/withdrawals/:withdrawalId/retry',
} as const satisfies ApiCall;
/** Resolves a confirmation case (partly or not received) with a reason and maybe a refund. */
export const resolveWithdrawalCase = {
  method: 'POST',
  path: '/bo/api/brands/:brand/withdrawals/:withdrawalId/resolve',
} as const satisfies ApiCall;
/** A proof image the member sent with a confirmation. */
export const withdrawalProof = {
  method: 'GET',
  path: '/bo/api/brands/:brand/withdrawals/:withdrawalId/proofs/:proofId',
} as const satisfies ApiCall;
/** The brand's withdrawal settings. */
export const withdrawalSettings = {
  method: 'GET',
  path: '/bo/api/brands/:brand/withdrawal-settings',
} as const satisfies ApiCall;
export const saveWithdrawalSettings = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/withdrawal-settings',
} as const satisfies ApiCall;

// Identity checks (KYC, decision 0043): the review queue, a member's documents, approve or reject (kyc.review);
// the brand's KYC setting and upline-transfer limits (brand.read, brand.write).
/** Members whose identity waits for review (or of another state), oldest submission first. */
export const kycReviews = { method: 'GET', path: '/bo/api/brands/:brand/kyc/reviews' } as const satisfies ApiCall;
/** One member's identity check with its documents. */
export const kycReview = {
  method: 'GET',
  path: '/bo/api/brands/:brand/kyc/reviews/:memberId',
} as const satisfies ApiCall;
/** A document's bytes, as the member uploaded them (checked by content). */
export const kycDocument = {
  method: 'GET',
  path: '/bo/api/brands/:brand/kyc/documents/:documentId',
} as const satisfies ApiCall;
/** The member's identity is verified (audited). */
export const approveKyc = {
  method: 'POST',
  path: '/bo/api/brands/:brand/kyc/reviews/:memberId/approve',
} as const satisfies ApiCall;
/** The documents are rejected with a reason the member reads (audited). */
export const rejectKyc = {
  method: 'POST',
  path: '/bo/api/brands/:brand/kyc/reviews/:memberId/reject',
} as const satisfies ApiCall;
/** The brand's identity-check setting and its upline-transfer limits. */
export const cashierSettings = {
  method: 'GET',
  path: '/bo/api/brands/:brand/kyc/settings',
} as const satisfies ApiCall;
export const saveCashierSettings = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/kyc/settings',
} as const satisfies ApiCall;

// A brand's deposits (docs/decisions/0039-cashier-deposits.md): every order by state, the bank transfers finance
// confirms or rejects, the brand's payment methods and the configured providers.
/** The brand's deposit orders, newest first, by state and kind of method (keyset). */
export const depositQueue = { method: 'GET', path: '/bo/api/brands/:brand/deposits' } as const satisfies ApiCall;
/** Credits a bank transfer finance found (pending or expired). */
export const confirmDeposit = {
  method: 'POST',
  path: '/bo/api/brands/:brand/deposits/:orderId/confirm',
} as const satisfies ApiCall;
/** Rejects a bank transfer that did not arrive, with the reason the member is told. */
export const rejectDeposit = {
  method: 'POST',
  path: '/bo/api/brands/:brand/deposits/:orderId/reject',
} as const satisfies ApiCall;
/** The brand's payment methods and the configured providers (never their secrets). */
export const paymentSettings = {
  method: 'GET',
  path: '/bo/api/brands/:brand/payment-methods',
} as const satisfies ApiCall;
export const createPaymentMethod = {
  method: 'POST',
  path: '/bo/api/brands/:brand/payment-methods',
} as const satisfies ApiCall;
/** Saves a method with the version it was opened at: minimum, maximum, fee, order, active, … */
export const updatePaymentMethod = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/payment-methods/:methodId',
} as const satisfies ApiCall;

// VIP ranks (docs/decisions/0046-vip-ranks.md): the brand's levels and benefits, the rolling period and the
// downgrade grace (vip.read; saving vip.write, audited, with the version opened), members by level, level changes.
export const vipLevels = { method: 'GET', path: '/bo/api/brands/:brand/vip/levels' } as const satisfies ApiCall;
export const createVipLevel = { method: 'POST', path: '/bo/api/brands/:brand/vip/levels' } as const satisfies ApiCall;
export const updateVipLevel = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/vip/levels/:rankLevel',
} as const satisfies ApiCall;
export const saveVipSettings = { method: 'PUT', path: '/bo/api/brands/:brand/vip/settings' } as const satisfies ApiCall;
/** The brand's members with their level and figures, highest level first (keyset). */
export const vipMembers = { method: 'GET', path: '/bo/api/brands/:brand/vip/members' } as const satisfies ApiCall;
/** Level changes, newest first (keyset). */
export const vipChanges = { method: 'GET', path: '/bo/api/brands/:brand/vip/changes' } as const satisfies ApiCall;

// Points (docs/decisions/0044-points-ledger.md): the brand's rates and period (points.read, points.write), a
// member's point ledger (points.read) and a manual adjustment (points.write, audited, keyed).
export const pointConfig = { method: 'GET', path: '/bo/api/brands/:brand/points/config' } as const satisfies ApiCall;
export const savePointConfig = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/points/config',
} as const satisfies ApiCall;
/** A member's points and entries, newest first. */
export const pointLedger = {
  method: 'GET',
  path: '/bo/api/brands/:brand/points/members/:memberId',
} as const satisfies ApiCall;
/** Adds or takes points with a reason; a repeated key writes one entry. */
export const adjustPoints = {
  method: 'POST',
  path: '/bo/api/brands/:brand/points/members/:memberId/adjustments',
} as const satisfies ApiCall;

// A brand's points mall (docs/decisions/0045-points-mall.md): products with stock and pictures, exchange orders.
/** The brand's products, in their order. */
export const pointProducts = {
  method: 'GET',
  path: '/bo/api/brands/:brand/point-mall/products',
} as const satisfies ApiCall;
/** Adds a product. */
export const createPointProduct = {
  method: 'POST',
  path: '/bo/api/brands/:brand/point-mall/products',
} as const satisfies ApiCall;
/** Saves a product (stock, dates, limits, on/off) with the version the editor opened. */
export const updatePointProduct = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/point-mall/products/:productId',
} as const satisfies ApiCall;
/** The body is the product's picture (PNG or JPEG), checked by content; answers where the site loads it. */
export const uploadPointProductImage = {
  method: 'POST',
  path: '/bo/api/brands/:brand/point-mall/images',
} as const satisfies ApiCall;
/** The brand's exchange orders of one queue (open: to process; done). */
export const pointExchanges = {
  method: 'GET',
  path: '/bo/api/brands/:brand/point-mall/exchanges',
} as const satisfies ApiCall;
/** Approves an applying exchange (passed). */
export const approvePointExchange = {
  method: 'POST',
  path: '/bo/api/brands/:brand/point-mall/exchanges/:exchangeId/approve',
} as const satisfies ApiCall;
/** Completes an approved exchange (delivered). */
export const completePointExchange = {
  method: 'POST',
  path: '/bo/api/brands/:brand/point-mall/exchanges/:exchangeId/complete',
} as const satisfies ApiCall;
/** Rejects an applying or approved exchange with a reason: its points and money go back to the member. */
export const rejectPointExchange = {
  method: 'POST',
  path: '/bo/api/brands/:brand/point-mall/exchanges/:exchangeId/reject',
} as const satisfies ApiCall;

// Cashback (docs/decisions/0051-cashback.md): the brand's period and auto-pay (deposits.read; saving deposits.write,
// audited, with the version opened) with the VIP levels' rates, and the rebates paid, per member (deposits.read).
export const rebateSettings = {
  method: 'GET',
  path: '/bo/api/brands/:brand/rebates/settings',
} as const satisfies ApiCall;
export const saveRebateSettings = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/rebates/settings',
} as const satisfies ApiCall;
/** The rebates paid, newest first (keyset), optionally of one member. */
export const rebatePayouts = {
  method: 'GET',
  path: '/bo/api/brands/:brand/rebates/payouts',
} as const satisfies ApiCall;

// Bonuses (docs/decisions/0050-bonuses-with-wagering.md): a brand's promotions (brand.read; adding, editing and switching
// off brand.write, audited, with the version opened), its members' bonuses (players.read), a cancel (players.money).
/** The brand's promotions, newest first (keyset). */
export const promotions = { method: 'GET', path: '/bo/api/brands/:brand/promotions' } as const satisfies ApiCall;
export const createPromotion = { method: 'POST', path: '/bo/api/brands/:brand/promotions' } as const satisfies ApiCall;
/** Saves a promotion with the version the editor opened. */
export const updatePromotion = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/promotions/:promotionId',
} as const satisfies ApiCall;
/** Switches a promotion off: no new bonus is paid. */
export const deactivatePromotion = {
  method: 'POST',
  path: '/bo/api/brands/:brand/promotions/:promotionId/deactivate',
} as const satisfies ApiCall;
/** The brand's members' bonuses with their progress, newest first (keyset), by member and status. */
export const memberBonuses = { method: 'GET', path: '/bo/api/brands/:brand/bonuses' } as const satisfies ApiCall;
/** Ends a member's active bonus with a reason (audited): what is left of it is taken back. */
export const cancelBonus = {
  method: 'POST',
  path: '/bo/api/brands/:brand/bonuses/:bonusId/cancel',
} as const satisfies ApiCall;
/** Where the brand pays bonus money (decision 0063): brand.read; saving brand.write, audited, with the version. */
export const bonusSettings = { method: 'GET', path: '/bo/api/brands/:brand/bonus-settings' } as const satisfies ApiCall;
export const saveBonusSettings = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/bonus-settings',
} as const satisfies ApiCall;

// Application promotions (docs/decisions/0052-application-promotions.md): the brand's members' applications and their
// images (players.read); approving (the reward paid) and rejecting with a reason (players.money), audited.
/** The brand's applications, newest first (keyset), by status. */
export const applications = { method: 'GET', path: '/bo/api/brands/:brand/applications' } as const satisfies ApiCall;
/** One image of an application, as an image the review page shows. */
export const applicationImage = {
  method: 'GET',
  path: '/bo/api/brands/:brand/application-images/:imageId',
} as const satisfies ApiCall;
/** Approves an application waiting for a decision: its reward is paid once, and the member gets a message. */
export const approveApplication = {
  method: 'POST',
  path: '/bo/api/brands/:brand/applications/:applicationId/approve',
} as const satisfies ApiCall;
/** Rejects an application waiting for a decision with a reason the member reads. */
export const rejectApplication = {
  method: 'POST',
  path: '/bo/api/brands/:brand/applications/:applicationId/reject',
} as const satisfies ApiCall;

// Missions (docs/decisions/0054-missions.md): a brand's missions with their current period's figures (brand.read);
// adding, editing and switching off (brand.write), audited, with the version opened.
/** The brand's missions, newest first (keyset), each with this period's counts. */
export const missions = { method: 'GET', path: '/bo/api/brands/:brand/missions' } as const satisfies ApiCall;
export const createMission = { method: 'POST', path: '/bo/api/brands/:brand/missions' } as const satisfies ApiCall;
/** Saves a mission with the version the editor opened. */
export const updateMission = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/missions/:missionId',
} as const satisfies ApiCall;
/** Switches a mission off: members no longer see it; rewards paid stay paid. */
export const deactivateMission = {
  method: 'POST',
  path: '/bo/api/brands/:brand/missions/:missionId/deactivate',
} as const satisfies ApiCall;

// Raffles (docs/decisions/0055-raffles.md): a brand's raffles with their seeds and draws (brand.read); adding, editing
// and switching off (brand.write), audited, with the version opened.
/** The brand's raffles, newest first (keyset), each with its entrants and, once drawn, its revealed seed. */
export const raffles = { method: 'GET', path: '/bo/api/brands/:brand/raffles' } as const satisfies ApiCall;
/** Adds a raffle; the server generates its seed and publishes the seed's hash. */
export const createRaffle = { method: 'POST', path: '/bo/api/brands/:brand/raffles' } as const satisfies ApiCall;
/** Saves a raffle with the version the editor opened (dates, rules and prizes only before its sale starts). */
export const updateRaffle = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/raffles/:raffleId',
} as const satisfies ApiCall;
/** Switches a raffle off: members no longer see it; an undrawn one becomes void. */
export const deactivateRaffle = {
  method: 'POST',
  path: '/bo/api/brands/:brand/raffles/:raffleId/deactivate',
} as const satisfies ApiCall;
/** A drawn raffle's draw: the frozen ticket list and the winners with their accounts and payments. */
export const raffleDraw = {
  method: 'GET',
  path: '/bo/api/brands/:brand/raffles/:raffleId/draw',
} as const satisfies ApiCall;

// Leaderboards (docs/decisions/0056-leaderboards.md): a brand's boards (brand.read) and a period's standings with its
// payouts; adding, editing and switching off (brand.write), audited, with the version opened.
/** The brand's leaderboards, newest first (keyset), each with its current period's count of members. */
export const leaderboards = { method: 'GET', path: '/bo/api/brands/:brand/leaderboards' } as const satisfies ApiCall;
export const createLeaderboard = {
  method: 'POST',
  path: '/bo/api/brands/:brand/leaderboards',
} as const satisfies ApiCall;
/** Saves a board with the version the editor opened. */
export const updateLeaderboard = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/leaderboards/:leaderboardId',
} as const satisfies ApiCall;
/** Switches a board off: members no longer see it; prizes paid stay paid. */
export const deactivateLeaderboard = {
  method: 'POST',
  path: '/bo/api/brands/:brand/leaderboards/:leaderboardId/deactivate',
} as const satisfies ApiCall;
/** A period's standings (the current one unless `periodStart` names another) with each rank's payout. */
export const leaderboardStandings = {
  method: 'GET',
  path: '/bo/api/brands/:brand/leaderboards/:leaderboardId/standings',
} as const satisfies ApiCall;

// Referral rewards and abuse flags (docs/decisions/0057-referral-rewards-and-abuse-flags.md): a brand's referral rules
// (brand.read; brand.write with the version opened, audited); the abuse flags' queue (players.read), each released
// (the held payout paid once by its key) or rejected with a reason (players.money, audited).
/** The brand's referral rules with how many invited members were paid and held. */
export const referralSettings = {
  method: 'GET',
  path: '/bo/api/brands/:brand/referral-settings',
} as const satisfies ApiCall;
/** Saves the referral rules with the version the editor opened. */
export const saveReferralSettings = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/referral-settings',
} as const satisfies ApiCall;
/** The brand's abuse flags of a status (open first), newest first, with their evidence. */
export const abuseFlags = { method: 'GET', path: '/bo/api/brands/:brand/abuse-flags' } as const satisfies ApiCall;
/** Releases an open flag: its held payout is paid, once, by its key. */
export const releaseAbuseFlag = {
  method: 'POST',
  path: '/bo/api/brands/:brand/abuse-flags/:flagId/release',
} as const satisfies ApiCall;
/** Rejects an open flag: its payout is never paid. */
export const rejectAbuseFlag = {
  method: 'POST',
  path: '/bo/api/brands/:brand/abuse-flags/:flagId/reject',
} as const satisfies ApiCall;

// The downline tree (docs/decisions/0059-downline-tree.md): a brand's members and agents with their upline and level,
// a node's children (brand.read); a member moved under another upline with its whole downline (brand.write, audited).
/** The brand's members by account (keyset), searchable by account, agents only on request. */
export const agentTree = { method: 'GET', path: '/bo/api/brands/:brand/agent-tree' } as const satisfies ApiCall;
/** A member's direct children, by account (keyset). */
export const agentTreeChildren = {
  method: 'GET',
  path: '/bo/api/brands/:brand/agent-tree/:memberId/children',
} as const satisfies ApiCall;
/** Moves a member and its whole downline under another upline of the brand (or to the top). */
export const moveAgentTreeMember = {
  method: 'POST',
  path: '/bo/api/brands/:brand/agent-tree/:memberId/move',
} as const satisfies ApiCall;
/** The brand's agent contracts, newest first (keyset), open or ended (decision 0066). */
export const agentContracts = {
  method: 'GET',
  path: '/bo/api/brands/:brand/agent-contracts',
} as const satisfies ApiCall;
/** Sets the brand's contract with a top agent (audited): active at once, replacing its brand contract of the kind. */
export const setBrandAgentContract = {
  method: 'POST',
  path: '/bo/api/brands/:brand/agent-contracts',
} as const satisfies ApiCall;
/** The brand's agent settings: sub-agents allowed, a dividend's loss carried (brand.read). */
export const agentSettings = {
  method: 'GET',
  path: '/bo/api/brands/:brand/agent-settings',
} as const satisfies ApiCall;
/** Saves the brand's agent settings with the version it was opened at (brand.write, audited). */
export const updateAgentSettings = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/agent-settings',
} as const satisfies ApiCall;
// Contract settlement (docs/decisions/0068-contract-settlement-runs.md): each kind's periods settled, their lines.
/** The brand's settlement runs, newest first, with their paid and pending lines (brand.read). */
export const agentSettlements = {
  method: 'GET',
  path: '/bo/api/brands/:brand/agent-settlements',
} as const satisfies ApiCall;
/** One run's lines, each with its payer, figures and payment (brand.read). */
export const agentSettlementLines = {
  method: 'GET',
  path: '/bo/api/brands/:brand/agent-settlements/:runId',
} as const satisfies ApiCall;
/** A run's pending lines tried again now, each paid once by its key (brand.write, audited). */
export const payAgentSettlement = {
  method: 'POST',
  path: '/bo/api/brands/:brand/agent-settlements/:runId/pay',
} as const satisfies ApiCall;

// The lottery (issue 38, decision 0070): each game's settings for the brand, and its draws with their reports.
/** Every lottery game with the brand's own settings, the default ones and the rules' (games.read). */
export const lotteryGames = { method: 'GET', path: '/bo/api/brands/:brand/lottery/games' } as const satisfies ApiCall;
/** One game's settings, the brand's own or the default ones, with the version opened (games.write, audited). */
export const setLotterySettings = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/lottery/games/:game',
} as const satisfies ApiCall;
/** A game's draws, newest first, each with the brand's slips, stakes, payouts and GGR (games.read). */
export const lotteryDraws = {
  method: 'GET',
  path: '/bo/api/brands/:brand/lottery/games/:game/draws',
} as const satisfies ApiCall;
/** Voids a draw with a reason: its slips are refunded (games.write, an operator of every brand; audited). */
export const voidLotteryDraw = {
  method: 'POST',
  path: '/bo/api/brands/:brand/lottery/games/:game/draws/:drawNo/void',
} as const satisfies ApiCall;
/** The regional draws past their time whose result is not published, with the entry waiting (games.read). */
export const vnDrawsAwaiting = {
  method: 'GET',
  path: '/bo/api/brands/:brand/lottery/vn-results',
} as const satisfies ApiCall;
/** Enters a regional draw's result, for another operator to confirm (games.write, audited). */
export const enterVnResult = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/lottery/games/:game/draws/:drawNo/vn-result',
} as const satisfies ApiCall;
/** Confirms the entered result, by another operator, and publishes it (games.write, audited). */
export const confirmVnResult = {
  method: 'POST',
  path: '/bo/api/brands/:brand/lottery/games/:game/draws/:drawNo/vn-result/confirm',
} as const satisfies ApiCall;
/** The SEA 4D draws past their time whose result is not published, with the entry waiting (games.read). */
export const seaDrawsAwaiting = {
  method: 'GET',
  path: '/bo/api/brands/:brand/lottery/sea-results',
} as const satisfies ApiCall;
/** Enters a SEA 4D draw's result, for another operator to confirm (games.write, audited). */
export const enterSeaResult = {
  method: 'PUT',
  path: '/bo/api/brands/:brand/lottery/games/:game/draws/:drawNo/sea-result',
} as const satisfies ApiCall;
/** Confirms the entered SEA result, by another operator, and publishes it (games.write, audited). */
export const confirmSeaResult = {
  method: 'POST',
  path: '/bo/api/brands/:brand/lottery/games/:game/draws/:drawNo/sea-result/confirm',
} as const satisfies ApiCall;

// The support chat's inbox (docs/product/site-shell-and-routes.md#support-chat); its socket is SUPPORT_CALLS'.
/** The brand's support inbox: conversations with their unread counts, filtered by status and assignee. */
export const supportInbox = { method: 'GET', path: '/bo/api/brands/:brand/support' } as const satisfies ApiCall;
/** One conversation with its history; marks the customer's messages read for operators. */
export const supportConversation = {
  method: 'GET',
  path: '/bo/api/brands/:brand/support/:conversationId',
} as const satisfies ApiCall;
/** An operator's reply, pushed to the customer at once. */
export const replySupport = {
  method: 'POST',
  path: '/bo/api/brands/:brand/support/:conversationId/messages',
} as const satisfies ApiCall;
/** Assigns the conversation to an operator of the brand, or to nobody. */
export const assignSupport = {
  method: 'POST',
  path: '/bo/api/brands/:brand/support/:conversationId/assign',
} as const satisfies ApiCall;
/** Closes the conversation: the customer's next message starts a new one. */
export const closeSupport = {
  method: 'POST',
  path: '/bo/api/brands/:brand/support/:conversationId/close',
} as const satisfies ApiCall;
/** A picture of one of the brand's conversations, its bytes. */
export const supportInboxImage = {
  method: 'GET',
  path: '/bo/api/brands/:brand/support/images/:imageId',
} as const satisfies ApiCall;
