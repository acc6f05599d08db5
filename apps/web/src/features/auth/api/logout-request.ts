import { z } from 'zod';
import { apiClient } from '@/shared/api';

const logoutResponseSchema = z.object({ redirectUrl: z.string() });

/** POST /rest/v1/auth/logout: ends the session; the answer says where to go next ("/"). */
export function logout(): Promise<z.infer<typeof logoutResponseSchema>> {
  return apiClient.post('/rest/v1/auth/logout', { schema: logoutResponseSchema, authRedirect: false });
}
