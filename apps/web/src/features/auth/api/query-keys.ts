export const authKeys = {
  all: ['auth'] as const,
  registerSettings: () => ['auth', 'register-settings'] as const,
  registerBanner: (language: string) => ['auth', 'register-banner', language] as const,
  signupBonus: () => ['auth', 'signup-bonus'] as const,
};
