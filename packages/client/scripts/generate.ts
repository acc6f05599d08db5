import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import * as prettier from 'prettier';

/**
 * `npm run client:generate`: dumps the server's OpenAPI document to `packages/client/openapi.json` and
 * generates `packages/client/src/schema.d.ts` from it with openapi-typescript. Both files are committed;
 * `generate.test.ts` renders them again in memory and fails when they differ, so the client cannot drift
 * from the server. Both are formatted with the repository's Prettier settings, so `npm run lint` passes
 * on them as written.
 */

const clientDir = fileURLToPath(new URL('..', import.meta.url));
const serverDir = path.resolve(clientDir, '../../apps/server');

export const DOCUMENT_FILE = path.join(clientDir, 'openapi.json');
export const SCHEMA_FILE = path.join(clientDir, 'src/schema.d.ts');

/**
 * The document exactly as `npm run openapi` in apps/server writes it. Only PATH and HOME are passed on:
 * the server's configuration comes from the environment (FEATURES, for one, adds routes), and the
 * committed document must not depend on the shell it was generated in.
 */
export async function dumpDocument(): Promise<string> {
  const env: Record<string, string> = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'SystemRoot']) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'openapi'], {
    cwd: serverDir,
    env,
    maxBuffer: 256 * 1024 * 1024,
  });
  return stdout;
}

/** The two committed files' contents for a document: the formatted JSON and its TypeScript types. */
export async function renderClientFiles(documentText: string): Promise<{ document: string; schema: string }> {
  const types = COMMENT_HEADER + astToString(await openapiTS(JSON.parse(documentText)));
  return {
    document: await format(documentText, DOCUMENT_FILE),
    schema: await format(types, SCHEMA_FILE),
  };
}

async function format(text: string, file: string): Promise<string> {
  const options = await prettier.resolveConfig(file);
  return prettier.format(text, { ...options, filepath: file });
}

async function main() {
  const started = Date.now();
  const files = await renderClientFiles(await dumpDocument());
  fs.writeFileSync(DOCUMENT_FILE, files.document);
  fs.writeFileSync(SCHEMA_FILE, files.schema);
  const relative = (file: string) => path.relative(process.cwd(), file);
  console.log(`wrote ${relative(DOCUMENT_FILE)} and ${relative(SCHEMA_FILE)} in ${Date.now() - started} ms`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
