#!/usr/bin/env node
// `npm run dev`: the server with reload on change (port 3000) and the Vite dev server (port 5173, which
// proxies the API to the server). Ctrl-C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const children = [
  spawn(process.execPath, ['--watch', '--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'apps/server'),
    stdio: 'inherit',
  }),
  spawn(path.join(root, 'node_modules/.bin/vite'), ['--host', '127.0.0.1'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  }),
];
const stopAll = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
children.forEach((child) => child.on('exit', stopAll));
