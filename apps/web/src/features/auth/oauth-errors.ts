import type { OAuthProvider } from '@rrc/contract';
import { MESSAGES, OAUTH_MESSAGES } from '@rrc/contract/rules';
import { useOAuthProviders } from './api/get-oauth-providers.ts';

/**
 * Every text the server may send a reader to the OAuth pages with: the sign-in texts, for each provider it
 * knows, and the general ones. An address is easy to forge, so only these are ever shown.
 */
export function knownOAuthErrors(providers: readonly Pick<OAuthProvider, 'name' | 'displayName'>[]) {
  const names = providers.flatMap((provider) => [provider.name, provider.displayName]);
  const texts = new Set<string>(Object.values(MESSAGES));
  for (const text of Object.values(OAUTH_MESSAGES)) {
    if (typeof text === 'string') texts.add(text);
    else for (const name of names) texts.add(text(name));
  }
  return texts;
}

/**
 * The error text of an OAuth page's address when it is one the server sends (else `fallback`), and whether
 * it is still being checked (the providers' names are needed first).
 */
export function useKnownOAuthError(text: string | null, fallback: string) {
  // The providers' names are asked for only when there is a text to check.
  const providers = useOAuthProviders({ enabled: Boolean(text) });
  if (!text) return { message: fallback, checking: false };
  if (providers.isPending) return { message: null, checking: true };
  return { message: knownOAuthErrors(providers.data ?? []).has(text) ? text : fallback, checking: false };
}
