import type { Plugin } from 'vite';

export const WEB_DIR: string;
export const REPO_ROOT: string;
export const STAMP_FILE: string;
export const BUILD_INPUTS: readonly string[];
export function buildInputsHash(
  root?: string,
  env?: Record<string, string | undefined>,
  inputs?: readonly string[],
): string;
export function readStamp(file?: string): string | null;
export function webBuildDecision(state: { built: boolean; stamp: string | null; inputs: string }): {
  build: boolean;
  reason: string;
};
export function buildStamp(file?: string): Plugin;
