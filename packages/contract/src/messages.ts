/**
 * The texts people read when something goes wrong. The server answers with
 * them; the web client falls back to them when a reply carries no error text.
 */
export const MESSAGES = {
  serviceUnavailable: 'Service temporarily unavailable. Please try again later.',
  unexpected: 'An unexpected error occurred. Please try again later.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  tooManyFailedAttempts: 'Too many failed attempts. Please wait a minute and try again.',
  tooManyRegistrations: 'Too many accounts were created from your network. Please try again later.',
  downloadUnderWay: 'Your previous download is still being prepared. Please wait until it has finished.',
  network: 'Network error. Please check your connection and try again.',
  generic: 'An error occurred. Please try again.',
  invalidCredentials: 'Invalid email or password.',
  emailTaken: 'An account with this email already exists.',
  nameControlCharacters: 'Name must not contain line breaks, tabs or other control characters.',
  signInRequired: 'Please sign in to continue.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  adminOnly: 'This area is for administrators only.',
  notFound: 'Not found.',
  invalidJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  unsupportedMediaType: 'Send the request body as JSON (Content-Type: application/json).',
  wrongCurrentPassword: 'The current password is not correct.',
  currentPasswordRequired: 'Enter your current password to set a new one.',
  royalRoadBusy: 'Royal Road is busy right now. Please try again in a minute.',
  cardsBusy: 'Many preview cards are being drawn right now. Please try again in a few seconds.',
} as const;

/** Fallback texts of individual screens (SPEC §8). */
export const SCREEN_FALLBACKS = {
  login: 'Login failed',
  register: 'Registration failed',
  profileUpdate: 'Profile update failed',
  oauthLogin: 'OAuth login failed',
  oauthRegister: 'OAuth registration failed',
  loadFavorites: 'Failed to load favorites',
  loadFictions: 'Failed to load fictions',
  updateFavorite: 'Failed to update favorite status',
  removeFiction: 'Failed to remove fiction',
  removeFavorite: 'Failed to remove from favorites',
  addFiction: 'Failed to add fiction',
  saveOrder: 'Failed to save new order. Please try again.',
} as const;

/** Picks the text to show for a failed call, in the order SPEC §8 gives. */
export function messageForFailure(failure: {
  status?: number;
  serverError?: string | null;
  network?: boolean;
}): string {
  if (failure.serverError) return failure.serverError;
  if (failure.network) return MESSAGES.network;
  switch (failure.status) {
    case 503:
      return MESSAGES.serviceUnavailable;
    case 500:
      return MESSAGES.unexpected;
    case 429:
      return MESSAGES.tooManyRequests;
    default:
      return MESSAGES.generic;
  }
}
