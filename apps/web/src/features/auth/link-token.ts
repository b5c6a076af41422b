import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

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
