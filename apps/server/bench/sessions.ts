import type { Database } from '../src/platform/db/client.js';
import { sessions } from '../src/platform/db/schema.js';
import { randomToken, sha256 } from '../src/platform/auth/tokens.js';
import { usersRepository } from '../src/modules/users/repository.js';

/**
 * A user with a live session, inserted directly: hashing hundreds of passwords with argon2 would only
 * time argon2. Answers the Cookie header and CSRF token a logged-in browser would send.
 */
export async function benchSession(
  db: Database['db'],
  name: string,
): Promise<{ userId: number; cookie: string; csrf: string }> {
  const user = await usersRepository.insert(db, {
    username: name,
    email: `${name}@example.com`,
    passwordHash: 'x',
  });
  const token = randomToken();
  const csrf = randomToken();
  const now = new Date();
  await db.insert(sessions).values({
    id: sha256(token),
    userId: user.id,
    csrfToken: csrf,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + 86_400_000),
  });
  return { userId: user.id, cookie: `sid=${token}`, csrf };
}
