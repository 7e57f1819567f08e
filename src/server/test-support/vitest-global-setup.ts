/** Vitest global set-up (node project): the BFF's Redis tests need Debian's redis-server. */
import { ensureDebianPackage } from './debian-package.ts';
import { REDIS_SERVER_PATH } from './redis-server.ts';

export default function setup(): void {
  ensureDebianPackage({
    binary: REDIS_SERVER_PATH,
    packageName: 'redis-server',
    neededFor: "the BFF's Redis tests",
    overrideVariable: 'REDIS_SERVER_PATH',
  });
}
