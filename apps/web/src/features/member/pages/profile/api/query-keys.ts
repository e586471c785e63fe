export const profileKeys = {
  avatars: (token: string | null) => ['member', 'profile', 'avatars', token] as const,
};
