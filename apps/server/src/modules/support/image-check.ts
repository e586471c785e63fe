import { SUPPORT_IMAGE_LIMITS } from '@parlay/contract';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { AppError } from '../../lib/app-error';

export type SupportImageType = (typeof SUPPORT_IMAGE_LIMITS.types)[number];

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A screenshot or a photo: far larger than this is not one. */
const MAX_MEGAPIXELS = 50;

function invalid(cause?: unknown): AppError {
  return new AppError('SUPPORT_IMAGE_INVALID', undefined, cause === undefined ? undefined : { cause });
}

/** The PNG up to its IEND chunk (what a polyglot appends after it is not the picture's); null when there is none. */
function pngUpToEnd(bytes: Buffer): Buffer | null {
  let offset = PNG_SIGNATURE.length;
  while (offset + 12 <= bytes.length) {
    const end = offset + 12 + bytes.readUInt32BE(offset);
    if (end > bytes.length) return null;
    if (bytes.toString('latin1', offset + 4, offset + 8) === 'IEND') return bytes.subarray(0, end);
    offset = end;
  }
  return null;
}

/**
 * A WebP by its structure: a RIFF container whose length is the file's, of form WEBP, whose first chunk is a lossy
 * (VP8 with its key-frame start code), lossless (VP8L with its signature byte) or extended (VP8X) image that fits.
 * No decoder runs here (the server has none for WebP); the browser that shows it decodes it in its sandbox.
 */
function isWebp(bytes: Buffer): boolean {
  if (bytes.length < 30 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') {
    return false;
  }
  if (bytes.readUInt32LE(4) + 8 !== bytes.length) return false;
  const chunk = bytes.toString('latin1', 12, 16);
  if (20 + bytes.readUInt32LE(16) > bytes.length) return false;
  if (chunk === 'VP8 ') return bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a;
  if (chunk === 'VP8L') return bytes[20] === 0x2f;
  return chunk === 'VP8X';
}

/**
 * Checks an attached picture by its content, never its name or declared type: at most SUPPORT_IMAGE_LIMITS.maxBytes;
 * a PNG or JPEG that decodes whole (a PNG kept up to its IEND), or a well-formed WebP. Answers the type and the bytes
 * to keep; anything else is SUPPORT_IMAGE_INVALID.
 */
export function checkSupportImage(bytes: Buffer): { contentType: SupportImageType; bytes: Buffer } {
  if (bytes.length > SUPPORT_IMAGE_LIMITS.maxBytes) {
    throw new AppError(
      'SUPPORT_IMAGE_TOO_LARGE',
      { maxBytes: SUPPORT_IMAGE_LIMITS.maxBytes },
      { params: { maxMb: SUPPORT_IMAGE_LIMITS.maxBytes / 1024 / 1024 } },
    );
  }
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE) && bytes.toString('latin1', 12, 16) === 'IHDR') {
    const image = pngUpToEnd(bytes);
    if (!image || bytes.readUInt32BE(16) * bytes.readUInt32BE(20) > MAX_MEGAPIXELS * 1_000_000) throw invalid();
    try {
      PNG.sync.read(image);
    } catch (cause) {
      throw invalid(cause);
    }
    return { contentType: 'image/png', bytes: Buffer.from(image) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    try {
      jpeg.decode(bytes, { tolerantDecoding: false, maxResolutionInMP: MAX_MEGAPIXELS, maxMemoryUsageInMB: 256 });
    } catch (cause) {
      throw invalid(cause);
    }
    return { contentType: 'image/jpeg', bytes };
  }
  if (isWebp(bytes)) return { contentType: 'image/webp', bytes };
  throw invalid();
}
