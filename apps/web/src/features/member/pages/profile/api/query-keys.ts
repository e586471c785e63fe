export const profileKeys = {
  avatars: (token: string | null) => ['member', 'profile', 'avatars', token] as const,
  contacts: (token: string | null) => ['member', 'profile', 'contacts', token] as const,
};
