import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Helpers for tests that run the real server and admin command line as an operator would. */
export const serverDir = fileURLToPath(new URL('..', import.meta.url));

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

export type Run = { code: number | null; stdout: string; stderr: string };

/** The environment a child sees: this process's, minus what the test must control, plus `env`. */
function childEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const merged: NodeJS.ProcessEnv = { ...process.env };
  // vitest sets NODE_ENV=test; a test that wants another mode says so.
  for (const name of ['NODE_ENV', 'APP_ENV', 'DEMO_DATA', 'DATABASE_URL']) delete merged[name];
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete merged[name];
    else merged[name] = value;
  }
  return merged;
}

/**
 * Runs a TypeScript entry point (`src/main.ts`, `src/cli/admin.ts ...`) to its end; one still running
 * after `timeoutMs` (a server that should have refused to start) is killed and answers code null.
 */
export function run(
  args: string[],
  env: Record<string, string | undefined>,
  timeoutMs = 120_000,
): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: serverDir,
      env: childEnv(env),
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * Starts the server and waits for its banner or, when `env` names the port, for `/readyz` (a production
 * start logs JSON lines only, and none at LOG_LEVEL=warn).
 */
export async function startServer(
  env: Record<string, string | undefined>,
): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: childEnv(env),
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d));
  child.stderr!.on('data', (d: Buffer) => (output += d));
  const readyz = env.PORT ? `http://${env.HOST ?? '127.0.0.1'}:${env.PORT}/readyz` : null;
  const ready = async () =>
    readyz !== null &&
    (await fetch(readyz).then(
      (response) => response.ok,
      () => false,
    ));
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (output.includes('is running at') || (await ready())) return { child, output: () => output };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${output}`);
}

export const stop = (child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });

/** Every path under `root` (symbolic links left out) that grants group or other any permission. */
export function pathsOpenToOthers(root: string): string[] {
  const open: string[] = [];
  const walk = (target: string) => {
    const stat = fs.lstatSync(target);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & 0o077) {
      open.push(`${path.relative(root, target) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    }
    if (stat.isDirectory()) for (const name of fs.readdirSync(target)) walk(path.join(target, name));
  };
  walk(root);
  return open;
}

/**
 * Logs in through the HTTP API the way a browser does (CSRF token first); answers the status and the
 * cookies a browser would then send.
 */
export async function login(
  base: string,
  login: string,
  password: string,
): Promise<{ status: number; cookie: string }> {
  const csrf = await fetch(`${base}/rest/v1/auth/csrf`);
  const cookie = csrf.headers.get('set-cookie')?.split(';')[0] ?? '';
  const { data } = (await csrf.json()) as { data: { csrfToken: string } };
  const response = await fetch(`${base}/rest/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': data.csrfToken },
    body: JSON.stringify({ login, password }),
  });
  const cookies = new Map(
    [cookie, ...response.headers.getSetCookie().map((line) => line.split(';')[0]!)]
      .filter(Boolean)
      .map((pair) => [pair.split('=')[0]!, pair] as const),
  );
  return { status: response.status, cookie: [...cookies.values()].join('; ') };
}

/** The status of a login through the HTTP API (see `login`). */
export const loginStatus = async (base: string, name: string, password: string): Promise<number> =>
  (await login(base, name, password)).status;

/** A browser's session over real HTTP: cookies and the CSRF token on writes. */
export class HttpSession {
  private cookies = new Map<string, string>();
  private csrf = '';
  constructor(private readonly base: string) {}
  async request(method: string, url: string, body?: unknown) {
    const response = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        accept: 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.csrf ? { 'x-csrf-token': this.csrf } : {}),
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!, value.join('='));
    }
    return { status: response.status, json: (await response.json()) as { data: never } };
  }
  async refreshCsrf() {
    this.csrf = (
      (await this.request('GET', '/rest/v1/auth/csrf')).json.data as { csrfToken: string }
    ).csrfToken;
  }
  /** Registers `username` (a strong password, `<username>@example.com`) and logs this session in. */
  async register(username: string) {
    await this.refreshCsrf();
    const registered = await this.request('POST', '/rest/v1/auth/register', {
      username,
      email: `${username}@example.com`,
      password: 'Str0ng-pass!',
    });
    await this.refreshCsrf();
    return registered;
  }
}
