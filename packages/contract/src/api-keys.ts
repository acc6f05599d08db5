import { z } from 'zod';
import { lineString } from './strings.js';

/**
 * API keys (issue 16, decision 0042): a trader's bots call the API with `Authorization: Bearer <key>`,
 * without a cookie or a CSRF token, limited to the key's scopes. `read` reads what the trader can read
 * (their account's secrets excepted); `trade` acts in trades (start, message, paid, release, cancel,
 * dispute, feedback); `offers` manages their offers; `wallet-withdraw` sends crypto out (off unless
 * chosen; the two-factor rule still holds).
 */
export const apiKeyScopes = ['read', 'trade', 'offers', 'wallet-withdraw'] as const;
export const apiKeyScopeSchema = z.enum(apiKeyScopes);
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

/** What a new key gets when the form is not changed: everything but sending crypto out. */
export const DEFAULT_API_KEY_SCOPES: readonly ApiKeyScope[] = ['read', 'trade', 'offers'];

/** How many active keys one trader may hold. */
export const MAX_API_KEYS = 10;

/** The header an API key travels in, and the word before it. */
export const API_KEY_AUTH_SCHEME = 'Bearer';
/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'p2pk_';

/** `POST /rest/v1/api-keys`: a name to tell keys apart, and what the key may do. */
export const createApiKeyBodySchema = z.object({
  name: lineString().trim().min(1, 'Name the key').max(60, 'At most 60 characters'),
  scopes: z
    .array(apiKeyScopeSchema)
    .min(1, 'Choose at least one scope')
    .max(apiKeyScopes.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope once'),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBodySchema>;

/** A key as its owner sees it later: never its secret, only the start of it. */
export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  /** The key's public start (`p2pk_AbC123xy`), to recognise it. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** The address of the key's last use. */
  lastUsedIp: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer of the creation: the key and, this once, the whole secret to copy. */
export const createdApiKeySchema = apiKeySchema.extend({ secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** `GET /rest/v1/api-keys`: my active keys, newest first. */
export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema), max: z.number().int() });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

export const apiKeyIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
