import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfigFromFile, type Plugin } from 'vite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BUILD_INPUTS,
  buildInputsHash,
  buildStamp,
  readStamp,
  REPO_ROOT,
  WEB_DIR,
  webBuildDecision,
} from './build-stamp.mjs';

/** Issue 26: `npm start` builds the web app only when what the build reads changed. */
describe('web build stamp', () => {
  describe('webBuildDecision', () => {
    it('should build when there is no build, no record of one, or other sources', () => {
      expect(webBuildDecision({ built: false, stamp: 'a', inputs: 'a' })).toEqual({
        build: true,
        reason: 'no build yet',
      });
      expect(webBuildDecision({ built: true, stamp: null, inputs: 'a' }).build).toBe(true);
      expect(webBuildDecision({ built: true, stamp: 'a', inputs: 'b' })).toEqual({
        build: true,
        reason: 'the sources changed since the last build',
      });
    });

    it('should not build when the last finished build was made from these sources', () => {
      expect(webBuildDecision({ built: true, stamp: 'a', inputs: 'a' })).toEqual({
        build: false,
        reason: 'up to date with the sources',
      });
    });
  });

  describe('buildInputsHash', () => {
    let root: string;
    const write = (file: string, content: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), content);
    };
    const inputs = ['index.html', 'src', 'package-lock.json'];
    const hash = (env: Record<string, string> = {}) => buildInputsHash(root, env, inputs);

    beforeEach(() => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-stamp-'));
      write('index.html', '<div id="root"></div>');
      write('src/main.tsx', 'render()');
      write('src/pages/home.tsx', 'export {}');
      write('package-lock.json', '{}');
      write('README.md', 'not read by the build');
    });
    afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

    it('should stay the same for the same contents, whatever their times', () => {
      const before = hash();
      const later = new Date(Date.now() + 60_000);
      fs.utimesSync(path.join(root, 'src/main.tsx'), later, later);
      write('README.md', 'edited, but the build does not read it');
      expect(hash()).toBe(before);
    });

    it('should change with a changed, added, removed or renamed file the build reads', () => {
      const seen = new Set([hash()]);
      write('src/main.tsx', 'render(<App />)');
      seen.add(hash());
      write('src/pages/offers.tsx', 'export {}');
      seen.add(hash());
      fs.rmSync(path.join(root, 'src/pages/home.tsx'));
      seen.add(hash());
      fs.renameSync(path.join(root, 'src/pages/offers.tsx'), path.join(root, 'src/pages/trades.tsx'));
      seen.add(hash());
      write('package-lock.json', '{"vite":"8"}');
      seen.add(hash());
      expect(seen.size).toBe(6);
    });

    it('should change with the VITE_ variables Vite puts into the app, and only with them', () => {
      expect(hash({ PORT: '3000' })).toBe(hash());
      expect(hash({ VITE_API: 'x' })).not.toBe(hash());
    });

    it("should read the repository's web sources, contract, configuration and lockfile", () => {
      for (const input of ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts']) {
        expect(BUILD_INPUTS).toContain(input);
      }
      expect(BUILD_INPUTS).toContain('packages/contract/src');
      expect(BUILD_INPUTS).toContain('package-lock.json');
      for (const input of BUILD_INPUTS.filter((entry) => !entry.includes('.env'))) {
        expect(fs.existsSync(path.join(REPO_ROOT, input)), input).toBe(true);
      }
    });
  });

  describe('the Vite plugin', () => {
    let dir: string;
    let file: string;
    type Hook = (...args: unknown[]) => void;
    const call = (plugin: Plugin, hook: string, ...args: unknown[]) =>
      (plugin[hook as keyof Plugin] as Hook).call({}, ...args);

    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-stamp-'));
      file = path.join(dir, 'dist-inputs.json');
      fs.writeFileSync(file, JSON.stringify({ inputs: 'an older build' }));
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('should remove the record as a build starts and write the sources it read when it ends', () => {
      const plugin = buildStamp(file);
      call(plugin, 'buildStart');
      expect(fs.existsSync(file)).toBe(false);
      call(plugin, 'buildEnd');
      call(plugin, 'closeBundle');
      expect(readStamp(file)).toBe(buildInputsHash());
    });

    it('should leave no record of a build that failed', () => {
      const plugin = buildStamp(file);
      call(plugin, 'buildStart');
      call(plugin, 'buildEnd', new Error('syntax error'));
      call(plugin, 'closeBundle');
      expect(readStamp(file)).toBeNull();
    });

    it('should be part of every build of the web app (npm run build, npm start, the browser tests)', async () => {
      const loaded = await loadConfigFromFile(
        { command: 'build', mode: 'production' },
        path.join(WEB_DIR, 'vite.config.ts'),
        WEB_DIR,
        'silent',
      );
      const names = [loaded?.config.plugins ?? []].flat(3).map((p) => (p && 'name' in p ? p.name : null));
      expect(names).toContain('p2p:build-stamp');
    });
  });
});
