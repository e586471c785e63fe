import { createHash, randomBytes } from 'node:crypto';
import { callWithParams, SYSTEM_CALLS, type UploadedImage } from '@parlay/contract';
import { LRUCache } from 'lru-cache';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { checkImage, type ImageKind } from './image-check';
import * as repository from './media.repository';

/** A name the server makes: 32 random hex digits and the extension of the type it chose. */
const NAME = /^[a-f0-9]{32}\.(png|jpg)$/;

export interface MediaFile {
  contentType: string;
  bytes: Buffer;
}

/**
 * Images operators upload, and members' avatars: checked by content and encoded again (image-check.ts), stored in
 * the database (outside any web root, and on every instance at once) under a generated name, and served at
 * /wps/media/<name>.
 */
export class MediaService {
  // Names are never reused, so a file read once stays right: the most asked images are served from memory.
  private readonly cache = new LRUCache<string, MediaFile>({
    maxSize: 16 * 1024 * 1024,
    sizeCalculation: (file) => file.bytes.length,
  });

  constructor(private readonly db: Database) {}

  /** Checks and stores an image in the caller's transaction; its address is the answer. */
  async store(tx: Executor, merchantId: number, kind: ImageKind, upload: Buffer): Promise<UploadedImage> {
    const image = checkImage(kind, upload);
    const name = `${randomBytes(16).toString('hex')}.${image.extension}`;
    await repository.insertMedia(tx, {
      merchantId,
      name,
      kind,
      contentType: image.contentType,
      width: image.width,
      height: image.height,
      bytes: image.bytes,
      sha256: createHash('sha256').update(image.bytes).digest('hex'),
    });
    return {
      url: mediaUrl(name),
      contentType: image.contentType,
      width: image.width,
      height: image.height,
      bytes: image.bytes.length,
    };
  }

  /** The stored image of a name, or MEDIA_NOT_FOUND (a name the server did not make is not looked up). */
  async read(name: string): Promise<MediaFile> {
    if (!NAME.test(name)) throw new AppError('MEDIA_NOT_FOUND');
    const cached = this.cache.get(name);
    if (cached) return cached;
    const row = await repository.findMediaByName(this.db, name);
    if (!row) throw new AppError('MEDIA_NOT_FOUND');
    const file = { contentType: row.contentType, bytes: row.bytes };
    this.cache.set(name, file);
    return file;
  }

  /**
   * Deletes, in the caller's transaction, the brand's file of this kind that an address names (a replaced avatar);
   * an address that is not one of the server's files deletes nothing.
   */
  async remove(tx: Executor, merchantId: number, kind: ImageKind, url: string): Promise<boolean> {
    const name = url.slice(url.lastIndexOf('/') + 1);
    if (url !== mediaUrl(name) || !NAME.test(name)) return false;
    this.cache.delete(name);
    return repository.deleteMedia(tx, merchantId, kind, name);
  }
}

export function mediaUrl(name: string): string {
  return callWithParams(SYSTEM_CALLS.media, { name }).path;
}
