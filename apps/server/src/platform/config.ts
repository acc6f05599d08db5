import path from 'node:path';
import { z } from 'zod';
import { featureFlags, type FeatureFlag, type Features } from '@app/contract';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * Every setting the server reads, from the environment only (secrets never live in the repository).
 * The README's configuration table lists the same variables; keep the two in step.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  APP_ENV: z.enum(['local', 'staging', 'production', 'testing', 'automation', 'demo']).default('local'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_DATA: booleanString.default(true),
  FEATURES: z.string().default(''),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(60),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(24),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  TRUST_PROXY: booleanString.default(false),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_THROTTLE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  MAINTENANCE_MESSAGE: z.string().optional(),
  WEB_DIST_DIR: z.string().optional(),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  appEnv: 'local' | 'staging' | 'production' | 'testing' | 'automation' | 'demo';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  demoData: boolean;
  features: Features;
  session: { idleMs: number; absoluteMs: number; cookieSecure: 'auto' | boolean };
  trustProxy: boolean;
  loginThrottle: { maxPerAccount: number; maxPerIp: number; windowMs: number };
  maintenanceMessage: string | null;
  webDistDir: string;
};

export class ConfigError extends Error {}

/** Parses the environment; an invalid value stops the process with the variable's name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", so `DATABASE_URL=` falls back to the embedded database.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const enabled = new Set(
    e.FEATURES.split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
  const unknown = [...enabled].filter((name) => !(featureFlags as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new ConfigError(`Unknown feature flag(s) in FEATURES: ${unknown.join(', ')}`);
  }
  const features = Object.fromEntries(featureFlags.map((flag) => [flag, enabled.has(flag)])) as Record<
    FeatureFlag,
    boolean
  >;
  return {
    nodeEnv: e.NODE_ENV,
    appEnv: e.APP_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    demoData: e.DEMO_DATA,
    features,
    session: {
      idleMs: e.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
      cookieSecure: e.COOKIE_SECURE === 'auto' ? 'auto' : e.COOKIE_SECURE === 'true',
    },
    trustProxy: e.TRUST_PROXY,
    loginThrottle: {
      maxPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowMs: e.LOGIN_THROTTLE_WINDOW_MINUTES * 60_000,
    },
    maintenanceMessage: e.MAINTENANCE_MESSAGE ?? null,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? new URL('../../../web/dist', import.meta.url).pathname),
  };
}
