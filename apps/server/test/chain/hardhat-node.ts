import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * A real local EVM node for tests: `hardhat node` (Hardhat 2.28, its EDR engine ships in the npm package)
 * as a child process on a free port, JSON-RPC over HTTP like any node an operator runs. One per test file.
 */
export type HardhatNode = { url: string; stop(): Promise<void> };

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

export async function startHardhatNode(): Promise<HardhatNode> {
  const port = await freePort();
  const cli = createRequire(import.meta.url).resolve('hardhat/internal/cli/cli.js');
  const config = fileURLToPath(new URL('./hardhat.config.cjs', import.meta.url));
  const child: ChildProcess = spawn(
    process.execPath,
    [cli, 'node', '--config', config, '--hostname', '127.0.0.1', '--port', String(port)],
    {
      env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true', HARDHAT_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`hardhat node did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Started HTTP and WebSocket JSON-RPC server')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`hardhat node exited (${code}):\n${output}`));
    });
  });
  // Its per-request log is not needed; keep the pipes drained.
  child.stdout?.removeAllListeners('data').resume();
  child.stderr?.removeAllListeners('data').resume();
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
