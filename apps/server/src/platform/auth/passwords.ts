import { hash, verify, type Options } from '@node-rs/argon2';

/**
 * argon2id with the ASVS 5.0 appendix C parameters (m = 19 MiB, t = 2, p = 1). Login capacity is
 * about 2 cores / hash time; the login throttle is sized from that.
 */
// `Algorithm` is an ambient const enum (not importable under verbatimModuleSyntax): 2 is Argon2id.
const ARGON2ID = 2 as Options['algorithm'];
const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Burns the same time as a real check when the login names nobody, so response timing does not tell
 * whether an account exists (ASVS 6.3.8).
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
