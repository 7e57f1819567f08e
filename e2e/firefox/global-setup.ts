/**
 * Vitest global set-up of the Firefox suite: Debian's Firefox ESR (installed when missing, as the
 * Playwright suite installs Chromium) and one `npm start` stack for every test file.
 */
import type { TestProject } from 'vitest/node';
import { ensureDebianPackage } from '../../src/server/test-support/debian-package.ts';
import { FIREFOX_PATH } from './harness.ts';
import { startStack } from './stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the suite's `npm start` serves, e.g. http://localhost:41234 */
    baseURL: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureDebianPackage({
    binary: FIREFOX_PATH,
    packageName: 'firefox-esr',
    neededFor: 'the Firefox smoke suite',
    overrideVariable: 'FIREFOX_PATH',
  });
  const stack = await startStack();
  project.provide('baseURL', stack.baseURL);
  return () => stack.stop();
}
