// OAuth names and texts shared by server and browser (no dependencies).

/** Providers the web app never shows, whatever the server answers. */
export const HIDDEN_OAUTH_PROVIDERS: readonly string[] = ['facebook', 'apple'];

/** What a person reads when an OAuth sign-in cannot go on (the callback sends them to `/oauth/error?error=…`). */
export const OAUTH_MESSAGES = {
  /** Initiation (400) of a provider that is unknown or not configured; SPEC §8. */
  disabled: (provider: string) => `OAuth is currently disabled for ${provider}`,
  cancelled: (displayName: string) => `You cancelled the sign-in with ${displayName}.`,
  stateInvalid: 'The sign-in link has expired or was already used. Please try again.',
  failed: (displayName: string) => `We could not complete the sign-in with ${displayName}. Please try again.`,
  noEmail: (displayName: string) =>
    `Your ${displayName} account did not share an email address, so we cannot sign you in with it. Please sign in another way.`,
  emailNotVerified:
    'An account with this email already exists. Sign in with your email and password instead.',
  adminEmailNotVerified: (displayName: string) =>
    `Your email address is not verified with ${displayName}. Verify it there, then try again.`,
} as const;
