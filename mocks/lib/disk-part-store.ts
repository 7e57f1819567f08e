/**
 * The simulator's PartStore on disk (Node only): each part streams into a temporary file while its
 * MD5 is computed, then is renamed into place; assembling streams the parts, in order, into one
 * asset file. Memory use is a few stream buffers whatever the file size.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PartStore, StoredPart } from './part-store.ts';
import { PartTooLargeError } from './part-store.ts';

/** Ids come from the simulator, but never let one name a path outside the store. */
const safeName = (id: string): string => id.replace(/[^A-Za-z0-9_-]/g, '_');

export class DiskPartStore implements PartStore {
  private constructor(private readonly root: string) {}

  static async create(parent = tmpdir()): Promise<DiskPartStore> {
    const root = await mkdtemp(join(parent, 'cutroom-sim-media-'));
    await mkdir(join(root, 'assets'));
    return new DiskPartStore(root);
  }

  private uploadDir(uploadId: string): string {
    return join(this.root, 'uploads', safeName(uploadId));
  }

  private partPath(uploadId: string, partNumber: number): string {
    return join(this.uploadDir(uploadId), `${partNumber}.part`);
  }

  private assetPath(assetId: string): string {
    return join(this.root, 'assets', safeName(assetId));
  }

  async putPart(
    uploadId: string,
    partNumber: number,
    body: AsyncIterable<Uint8Array>,
    maxBytes: number,
  ): Promise<StoredPart> {
    await mkdir(this.uploadDir(uploadId), { recursive: true });
    const temporary = `${this.partPath(uploadId, partNumber)}.${randomBytes(6).toString('hex')}`;
    const hash = createHash('md5');
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > maxBytes) {
          callback(new PartTooLargeError(maxBytes));
          return;
        }
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    try {
      await pipeline(body, measure, createWriteStream(temporary));
      await rename(temporary, this.partPath(uploadId, partNumber));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return { size, etag: `"${hash.digest('hex')}"` };
  }

  async assemble(
    uploadId: string,
    partNumbers: readonly number[],
    assetId: string,
  ): Promise<number> {
    const target = this.assetPath(assetId);
    const out = createWriteStream(target);
    let size = 0;
    try {
      for (const number of partNumbers) {
        const source = createReadStream(this.partPath(uploadId, number));
        for await (const chunk of source) {
          size += (chunk as Buffer).length;
          if (!out.write(chunk))
            await new Promise<void>((resolve) => out.once('drain', () => resolve()));
        }
      }
      await new Promise<void>((resolve, reject) => {
        out.end((error?: Error | null) => (error ? reject(error) : resolve()));
      });
    } catch (error) {
      out.destroy();
      await rm(target, { force: true });
      throw error;
    }
    await this.discard(uploadId);
    return size;
  }

  async discard(uploadId: string): Promise<void> {
    await rm(this.uploadDir(uploadId), { recursive: true, force: true });
  }

  async deleteAssets(assetIds: readonly string[]): Promise<void> {
    await Promise.all(assetIds.map((id) => rm(this.assetPath(id), { force: true })));
  }

  async assetSize(assetId: string): Promise<number | null> {
    try {
      return (await stat(this.assetPath(assetId))).size;
    } catch {
      return null;
    }
  }

  async close(): Promise<void> {
    await rm(this.root, { recursive: true, force: true });
  }
}
