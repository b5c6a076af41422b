import type { OAuthProvider } from '@rrc/contract';
import { HIDDEN_OAUTH_PROVIDERS, OAUTH_MESSAGES } from '@rrc/contract/rules';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import type { AfterSignIn } from './after-sign-in.ts';
import { useOAuthProviders } from './api/get-oauth-providers.ts';
import { initiateOAuth } from './api/initiate-oauth.ts';

// Simple marks for each provider, drawn in the provider's colour.
const ICONS: Record<string, string> = {
  google:
    'M21.8 10.2H12v3.9h5.6c-.5 2.5-2.7 4-5.6 4a6.1 6.1 0 1 1 0-12.2c1.5 0 2.9.6 3.9 1.5l2.9-2.9A10 10 0 1 0 12 22c5.8 0 9.9-4.1 9.9-9.9 0-.6-.1-1.3-.1-1.9Z',
  github:
    'M12 2a10 10 0 0 0-3.2 19.5c.5.1.7-.2.7-.5v-1.7c-2.8.6-3.4-1.3-3.4-1.3-.5-1.2-1.1-1.5-1.1-1.5-.9-.6.1-.6.1-.6 1 .1 1.5 1 1.5 1 .9 1.5 2.3 1.1 2.9.8.1-.6.3-1.1.6-1.3-2.2-.3-4.6-1.1-4.6-5 0-1.1.4-2 1-2.7-.1-.3-.4-1.3.1-2.7 0 0 .8-.3 2.8 1a9.6 9.6 0 0 1 5 0c1.9-1.3 2.8-1 2.8-1 .5 1.4.2 2.4.1 2.7.6.7 1 1.6 1 2.7 0 3.9-2.4 4.7-4.6 5 .4.3.7.9.7 1.9v2.8c0 .3.2.6.7.5A10 10 0 0 0 12 2Z',
  discord:
    'M19.3 5.3A16.6 16.6 0 0 0 15.2 4l-.5 1a15.4 15.4 0 0 0-5.4 0l-.5-1a16.6 16.6 0 0 0-4.1 1.3C2.1 9.2 1.4 13 1.7 16.7a16.7 16.7 0 0 0 5 2.6l1.1-1.7-1.7-.8.4-.3a11.8 11.8 0 0 0 11 0l.4.3-1.7.8 1.1 1.7a16.7 16.7 0 0 0 5-2.6c.4-4.3-.7-8-3-11.4ZM8.7 14.5c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2Zm6.6 0c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2Z',
  openid:
    'M11 3v18l4-2V1l-4 2Zm-2 5.6C4.9 9.4 2 11.6 2 14.3c0 2.8 3.3 5.1 7.6 5.6v-2.1c-3-.5-5.2-1.8-5.2-3.5 0-1.5 1.9-2.8 4.6-3.4V8.6Zm8 0v2.3c1 .2 2 .5 2.7.9l-1.2.7L22 14l-.2-4.2-1.2.7A12 12 0 0 0 17 8.6Z',
};

function ProviderIcon({ provider }: { provider: OAuthProvider }) {
  const path = ICONS[provider.icon];
  if (!path) return null;
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5 shrink-0" aria-hidden="true" fill={provider.color}>
      <path d={path} />
    </svg>
  );
}

/**
 * Sign-in buttons for the external providers (SPEC §2): facebook and apple never show; a disabled one says
 * '(Coming Soon)'. Choosing one asks the server for the provider's address and goes there.
 */
export function OAuthButtons({
  after,
  onFailure,
}: {
  /** A fiction to add to the list and a page to come back to, carried through the provider by the server. */
  after: AfterSignIn;
  /** Called with the screen's own failure text ('OAuth login failed' / 'OAuth registration failed'). */
  onFailure: () => void;
}) {
  const providers = useOAuthProviders();
  const [leaving, setLeaving] = useState<string | null>(null);
  const shown = (providers.data ?? []).filter((provider) => !HIDDEN_OAUTH_PROVIDERS.includes(provider.name));
  if (shown.length === 0) return null;

  async function start(provider: OAuthProvider) {
    setLeaving(provider.name);
    try {
      const { authorizationUrl } = await initiateOAuth(provider.name, after);
      window.location.assign(authorizationUrl);
    } catch (error) {
      setLeaving(null);
      // The server refused (a disabled provider, or one that cannot be reached): an alert, as SPEC §8 says.
      if (error instanceof ApiError && error.status > 0) {
        window.alert(error.serverError ?? OAUTH_MESSAGES.disabled(provider.name));
      } else {
        onFailure();
      }
    }
  }

  return (
    <div className="mt-6">
      <div className="relative flex items-center" aria-hidden="true">
        <div className="flex-1 border-t border-slate-200" />
        <span className="px-3 text-sm text-slate-500">or</span>
        <div className="flex-1 border-t border-slate-200" />
      </div>
      <ul className="mt-5 space-y-3">
        {shown.map((provider) => (
          <li key={provider.name}>
            <button
              type="button"
              disabled={!provider.enabled || leaving !== null}
              onClick={() => void start(provider)}
              className="flex w-full items-center justify-center gap-3 rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 transition-colors hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-white"
            >
              <ProviderIcon provider={provider} />
              {provider.enabled
                ? leaving === provider.name
                  ? `Redirecting to ${provider.displayName}...`
                  : `Continue with ${provider.displayName}`
                : `${provider.displayName} (Coming Soon)`}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
