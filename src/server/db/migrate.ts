/**
 * Versioned migrations, run at start-up (`Database.start`): every file of `migrations/` named
 * `YYYYMMDDHHMM_what.ts` (a UTC time, so that two branches never take the same name) exporting
 * kysely's `up(db)` (and `down(db)` when it can be undone). They run in name order, each once,
 * recorded in `kysely_migration`; several instances starting at once on one server take turns
 * (kysely's lock table). A migration another branch landed with an earlier name than one already
 * applied still runs (unordered migrations are allowed): branches land in any order.
 *
 * To add a table: write `migrations/<UTC time>_<what>.ts` with `up` (and `down`), add the table's
 * row type to `schema.ts`, and query it through `Database.run` with the organization in every
 * `where` (see docs/operations.md, "The database").
 */
import { readdirSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';

/** A migration's file name: a UTC time (year to minute), an underscore, lower-case words. */
export const MIGRATION_NAME = /^(\d{12})_[a-z0-9_]+\.ts$/;

const MIGRATIONS = new URL('./migrations/', import.meta.url);

/** The migrations of `migrations/`, by name (without `.ts`). */
export const folderMigrations: MigrationProvider = {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = readdirSync(MIGRATIONS)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      if (!MIGRATION_NAME.test(file)) {
        throw new Error(
          `Migration ${file}: name it YYYYMMDDHHMM_what.ts (a UTC time, then lower-case words).`,
        );
      }
      const name = file.slice(0, -'.ts'.length);
      // A template the bundlers (esbuild, Vite) turn into every file of the folder, by name.
      migrations[name] = (await import(`./migrations/${name}.ts`)) as Migration;
    }
    return migrations;
  },
};

/** Runs every migration not yet applied; throws with the failing migration's error. */
export async function migrateToLatest(
  // Any schema: migrations see the database as it is, before their change.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  provider: MigrationProvider = folderMigrations,
): Promise<string[]> {
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(
      failed ? `migration ${failed.migrationName} failed: ${cause}` : `migrations: ${cause}`,
    );
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
