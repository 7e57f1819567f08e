/**
 * Vitest global set-up (node project): the BFF's Redis tests need Debian's redis-server, its
 * database tests a real Postgres server (Debian's postgresql) beside the embedded PGlite.
 */
import { join } from 'node:path';
import { ensureDebianPackage } from './debian-package.ts';
import { postgresBinDir } from './postgres-server.ts';
import { REDIS_SERVER_PATH } from './redis-server.ts';

export default function setup(): void {
  ensureDebianPackage({
    binary: REDIS_SERVER_PATH,
    packageName: 'redis-server',
    neededFor: "the BFF's Redis tests",
    overrideVariable: 'REDIS_SERVER_PATH',
  });
  ensureDebianPackage({
    binary: join(postgresBinDir(), 'initdb'),
    packageName: 'postgresql',
    neededFor: "the BFF's database tests on a real Postgres server",
    overrideVariable: 'POSTGRES_BIN_DIR',
  });
}
