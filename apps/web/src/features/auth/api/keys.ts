/** Query keys of the sign-in screens. */
export const authKeys = {
  oauthProviders: () => ['auth', 'oauth-providers'] as const,
};
