import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_FILE, dumpDocument, renderClientFiles, SCHEMA_FILE } from './generate.js';

/** Where two texts first differ, as a short message instead of a 1.5 MB diff. */
function firstDifference(file: string, old: string, fresh: string): string | null {
  if (old === fresh) return null;
  const a = old.split('\n');
  const b = fresh.split('\n');
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line === -1 ? a.length : line;
  return (
    `${path.relative(process.cwd(), file)} is out of date at line ${at + 1}:\n` +
    `  committed: ${a[at] ?? '(end of file)'}\n  server:    ${b[at] ?? '(end of file)'}\n` +
    'run npm run client:generate'
  );
}

const committed = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');

describe('generated client', () => {
  it('should match the server: the committed openapi.json and src/schema.d.ts are what generation gives now', async () => {
    const fresh = await renderClientFiles(await dumpDocument());
    const problems = [
      firstDifference(DOCUMENT_FILE, committed(DOCUMENT_FILE), fresh.document),
      firstDifference(SCHEMA_FILE, committed(SCHEMA_FILE), fresh.schema),
    ].filter((problem) => problem !== null);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
