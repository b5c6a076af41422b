import { RETURN_TO_PARAM } from '@rrc/contract/rules';

/**
 * The sign-in page, set to bring the reader back to `returnTo` (a path on this site) once signed in; used by
 * every 'Sign in to …' link. Slashes stay readable in the address.
 */
export function signInPath(returnTo: string): string {
  return `/login?${RETURN_TO_PARAM}=${encodeURIComponent(returnTo).replace(/%2F/g, '/')}`;
}
