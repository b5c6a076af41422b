import type { ProfileUpdateBody, User } from '@rrc/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export async function fetchProfile(signal?: AbortSignal) {
  return (await apiRequest<{ user: User }>('/auth/profile', { signal })).user;
}

export async function updateProfile(body: ProfileUpdateBody) {
  return (await apiRequest<{ user: User }>('/auth/profile', { method: 'PUT', body })).user;
}
