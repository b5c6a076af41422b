import type { profileResponse } from '@rrc/contract';
import { apiRequest, type ResponseData } from '../../../lib/api-client.ts';

/** The signed-in account as the server knows it now (the session checks a stored token with it). */
export async function getProfile(signal?: AbortSignal) {
  return (await apiRequest<ResponseData<typeof profileResponse>>('/auth/profile', { signal })).user;
}
