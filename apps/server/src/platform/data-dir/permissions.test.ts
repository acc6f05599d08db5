import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTreePrivate, restrictNewFileModes, secureDataDir } from './permissions.js';

const modeOf = (target: string) => fs.lstatSync(target).mode & 0o777;

describe('data directory permissions', () => {
  let scratch: string;
  let savedUmask: number;

  beforeEach(() => {
    savedUmask = process.umask(0);
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'p2p-perm-'));
  });
  afterEach(() => {
    process.umask(savedUmask);
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('should take group and other bits off every directory and file, keeping the owner bits', () => {
    const root = path.join(scratch, 'data');
    fs.mkdirSync(path.join(root, 'pglite', 'base'), { recursive: true, mode: 0o777 });
    fs.chmodSync(root, 0o777);
    fs.writeFileSync(path.join(root, 'pglite', 'base', 'PG_VERSION'), '18', { mode: 0o666 });
    fs.writeFileSync(path.join(root, 'read-only'), 'x', { mode: 0o444 });
    fs.writeFileSync(path.join(root, 'private'), 'x', { mode: 0o600 });

    const result = makeTreePrivate(root);

    expect(modeOf(root)).toBe(0o700);
    expect(modeOf(path.join(root, 'pglite'))).toBe(0o700);
    expect(modeOf(path.join(root, 'pglite', 'base'))).toBe(0o700);
    expect(modeOf(path.join(root, 'pglite', 'base', 'PG_VERSION'))).toBe(0o600);
    expect(modeOf(path.join(root, 'read-only'))).toBe(0o400);
    expect(modeOf(path.join(root, 'private'))).toBe(0o600);
    expect(result).toEqual({ fixed: 5, failed: [] });
  });

  it('should neither change nor follow symbolic links that point out of the tree', () => {
    const root = path.join(scratch, 'data');
    const outside = path.join(scratch, 'outside');
    fs.mkdirSync(root, { mode: 0o755 });
    fs.mkdirSync(outside, { mode: 0o755 });
    fs.writeFileSync(path.join(outside, 'shared.txt'), 'x', { mode: 0o644 });
    fs.symlinkSync(path.join(outside, 'shared.txt'), path.join(root, 'file-link'));
    fs.symlinkSync(outside, path.join(root, 'dir-link'));

    makeTreePrivate(root);

    expect(modeOf(root)).toBe(0o700);
    expect(modeOf(outside)).toBe(0o755);
    expect(modeOf(path.join(outside, 'shared.txt'))).toBe(0o644);
  });

  it('should create a missing data directory owner-only', () => {
    const root = path.join(scratch, 'new', 'data');
    secureDataDir(root, () => {
      throw new Error('no warning expected');
    });
    expect(modeOf(root)).toBe(0o700);
  });

  it('should make every file and directory this process creates owner-only, whatever the umask was', () => {
    restrictNewFileModes();
    fs.mkdirSync(path.join(scratch, 'made'), { mode: 0o777 });
    fs.writeFileSync(path.join(scratch, 'made', 'file'), 'x', { mode: 0o666 });
    expect(modeOf(path.join(scratch, 'made'))).toBe(0o700);
    expect(modeOf(path.join(scratch, 'made', 'file'))).toBe(0o600);
  });
});
