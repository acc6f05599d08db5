// Bytes a first visit to one page downloads from the web build: the entry's scripts, module preloads and
// stylesheets (index.html) plus the page's lazy chunk, with every static import followed. Prints raw,
// gzip and brotli totals for JS and CSS, as sent (a file without a .gz/.br copy counts raw).
// Usage: node scripts/first-visit-bytes.mjs [distDir=apps/web/dist] [page=home-page]
import fs from 'node:fs';
import path from 'node:path';

const distDir = path.resolve(process.argv[2] ?? 'apps/web/dist');
const page = process.argv[3] ?? 'home-page';
const assetsDir = path.join(distDir, 'assets');
const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');

const pending = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
pending.push(...fs.readdirSync(assetsDir).filter((f) => f.startsWith(`${page}-`) && /\.(js|css)$/.test(f)));

const seen = new Set();
while (pending.length > 0) {
  const file = pending.pop();
  if (seen.has(file)) continue;
  seen.add(file);
  if (!file.endsWith('.js')) continue;
  const code = fs.readFileSync(path.join(assetsDir, file), 'utf8');
  // Static imports only (`from"./x.js"`, `import"./x.js"`); `import("./x.js")` loads on demand.
  for (const m of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) pending.push(m[1]);
}

const sizeOf = (file) => (fs.existsSync(file) ? fs.statSync(file).size : null);
const totals = {};
for (const file of seen) {
  const kind = path.extname(file).slice(1);
  const raw = sizeOf(path.join(assetsDir, file));
  const t = (totals[kind] ??= { files: 0, raw: 0, gzip: 0, brotli: 0 });
  t.files += 1;
  t.raw += raw;
  t.gzip += sizeOf(path.join(assetsDir, `${file}.gz`)) ?? raw;
  t.brotli += sizeOf(path.join(assetsDir, `${file}.br`)) ?? raw;
}
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
for (const [kind, t] of Object.entries(totals)) {
  console.log(
    `${kind}: ${t.files} files, raw ${kib(t.raw)}, gzip ${kib(t.gzip)}, brotli ${kib(t.brotli)} (${t.raw} / ${t.gzip} / ${t.brotli} bytes)`,
  );
}
