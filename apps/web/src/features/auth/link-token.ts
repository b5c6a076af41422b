import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Marks a reset link that finishes confirming an address (the verification link was opened outside the
 * account's own session): the page says so.
 */
export const CONFIRMING_PARAM = 'confirming';

/** Whether the page's link carries `param`, read once (the address bar forgets it with the token). */
export function useLinkFlag(param: string): boolean {
  const location = useLocation();
  const [flag] = useState(() => new URLSearchParams(location.search).has(param));
  return flag;
}

/**
 * The `token` of a mailed link, read once; the address bar then forgets it, so that it stays out of the
 * browser's history and of anything the page later shares its address with.
 */
export function useLinkToken(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => new URLSearchParams(location.search).get('token')?.trim() || null);
  const inAddress = new URLSearchParams(location.search).has('token');
  useEffect(() => {
    if (inAddress) navigate(location.pathname, { replace: true });
  }, [inAddress, location.pathname, navigate]);
  return token;
}
