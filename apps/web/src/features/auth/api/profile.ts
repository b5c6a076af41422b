import type { ProfileUpdateBody, User } from '@rrc/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export async function fetchProfile(signal?: AbortSignal) {
  return (await apiRequest<{ user: User }>('/auth/profile', { signal })).user;
}

/** After a password change the answer carries a new token (older ones stop working). */
export function updateProfile(body: ProfileUpdateBody) {
  return apiRequest<{ user: User; token?: string }>('/auth/profile', { method: 'PUT', body });
}
