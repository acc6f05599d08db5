import fs from 'node:fs';
import path from 'node:path';

/**
 * The data directory holds the database files, uploads and the admin socket: only the account that runs
 * the server may read or write any of it (docs/decisions/0015-rate-limits-and-production-safety.md).
 */

/**
 * Everything this process creates from now on is owner-only (files 0600, directories 0700), whatever
 * the shell's umask: PGlite and the file store ask for 0666/0777 and rely on the umask to narrow them.
 * Call first thing in every entry point that may write into DATA_DIR (server, admin CLI, migrations).
 */
export function restrictNewFileModes(): void {
  process.umask(0o077);
}

export type PrivateTreeResult = {
  /** Paths whose mode was narrowed. */
  fixed: number;
  /** Paths that still grant group or other access (owned by another account, for instance). */
  failed: string[];
};

const GROUP_OTHER = 0o077;

/** Narrows one path's mode; answers false when it could not (its entry may have vanished meanwhile). */
function narrow(target: string, mode: number, failed: string[]): boolean {
  try {
    fs.chmodSync(target, mode);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') failed.push(target);
    return false;
  }
}

/**
 * Takes group and other permission bits off `root` and everything under it, fixing what an earlier
 * version (or a copied backup) left behind: directories become 0700, other entries keep only their
 * owner's bits. Symbolic links inside the tree are neither changed nor followed, so a link cannot make
 * this touch a file outside the tree. A directory is narrowed before its entries are read: once it is
 * 0700 nobody else can swap an entry for a link between our lstat and chmod.
 */
export function makeTreePrivate(root: string): PrivateTreeResult {
  const failed: string[] = [];
  let fixed = 0;
  const rootStat = fs.statSync(root);
  if (!rootStat.isDirectory()) throw new Error(`DATA_DIR ${root} is not a directory`);
  const pending: string[] = [];
  if ((rootStat.mode & 0o777) !== 0o700) {
    if (narrow(root, 0o700, failed)) fixed += 1;
  }
  pending.push(root);
  while (pending.length > 0) {
    const directory = pending.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(directory, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') failed.push(directory);
      continue;
    }
    for (const entry of entries) {
      if (entry.isSymbolicLink()) continue;
      const target = path.join(directory, entry.name);
      let stat: fs.Stats;
      try {
        stat = fs.lstatSync(target);
      } catch {
        continue;
      }
      if (stat.isDirectory()) {
        if ((stat.mode & 0o777) !== 0o700 && narrow(target, 0o700, failed)) fixed += 1;
        pending.push(target);
      } else if (stat.mode & GROUP_OTHER) {
        if (narrow(target, stat.mode & 0o700, failed)) fixed += 1;
      }
    }
  }
  return { fixed, failed };
}

/**
 * Creates DATA_DIR if needed and makes the whole tree private; warns about what it could not fix
 * (the server still starts: refusing would not make those files any safer).
 */
export function secureDataDir(dataDir: string, warn: (line: string) => void = console.warn): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const { failed } = makeTreePrivate(dataDir);
  if (failed.length > 0) {
    const sample = failed.slice(0, 5).join(', ');
    warn(
      `Warning: ${failed.length} path(s) under ${dataDir} still allow access by other accounts and could ` +
        `not be changed (${sample}${failed.length > 5 ? ', ...' : ''}). Check their owner.`,
    );
  }
}
