/** Query keys of the deposit page, per session token, so a sign-out never shows the last member's orders. */
export const depositKeys = {
  all: (token: string | null) => ['member-cashier', token] as const,
  methods: (token: string | null) => [...depositKeys.all(token), 'methods'] as const,
  orders: (token: string | null) => [...depositKeys.all(token), 'orders'] as const,
  /** Per language: the offers' titles come in the language asked. */
  offers: (token: string | null, language: string) => [...depositKeys.all(token), 'offers', language] as const,
};
