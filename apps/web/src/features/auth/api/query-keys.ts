export const authKeys = {
  all: ['auth'] as const,
  registerSettings: () => ['auth', 'register-settings'] as const,
  captcha: (purpose: string, nonce: number) => ['auth', 'captcha', purpose, nonce] as const,
  registerBanner: (language: string) => ['auth', 'register-banner', language] as const,
};
