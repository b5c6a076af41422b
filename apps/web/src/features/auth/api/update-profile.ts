import type { ProfileUpdateBody, profileUpdateResponse } from '@rrc/contract';
import { apiRequest, type ResponseData } from '../../../lib/api-client.ts';

/** After a password change the answer carries a new token (older ones stop working). */
export function updateProfile(body: ProfileUpdateBody) {
  return apiRequest<ResponseData<typeof profileUpdateResponse>>('/auth/profile', { method: 'PUT', body });
}
