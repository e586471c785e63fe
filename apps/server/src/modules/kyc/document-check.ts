import { KYC_DOCUMENT_LIMITS } from '@parlay/contract';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { AppError } from '../../lib/app-error';

export type KycContentType = (typeof KYC_DOCUMENT_LIMITS.types)[number];

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** An identity document is a photo or a scan: far larger than this is not one. */
const MAX_MEGAPIXELS = 50;

/** The PNG up to its IEND chunk (what a polyglot appends after it is not the image's); null when there is none. */
function pngUpToEnd(bytes: Buffer): Buffer | null {
  let offset = PNG_SIGNATURE.length;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (end > bytes.length) return null;
    if (bytes.toString('latin1', offset + 4, offset + 8) === 'IEND') return bytes.subarray(0, end);
    offset = end;
  }
  return null;
}

/**
 * Checks an identity document by its content, never its name or declared type (decision 0043): at most
 * KYC_DOCUMENT_LIMITS.maxBytes; a PNG or JPEG that decodes whole (a PNG kept up to its IEND), or a PDF that starts
 * with its header and ends with its end-of-file marker. Answers the type and the bytes to keep.
 */
export function checkKycDocument(bytes: Buffer): { contentType: KycContentType; bytes: Buffer } {
  if (bytes.length > KYC_DOCUMENT_LIMITS.maxBytes) {
    throw new AppError(
      'KYC_DOCUMENT_TOO_LARGE',
      { maxBytes: KYC_DOCUMENT_LIMITS.maxBytes },
      { params: { maxMb: KYC_DOCUMENT_LIMITS.maxBytes / 1024 / 1024 } },
    );
  }
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE) && bytes.toString('latin1', 12, 16) === 'IHDR') {
    const width = bytes.readUInt32BE(16);
    const height = bytes.readUInt32BE(20);
    const image = pngUpToEnd(bytes);
    if (!image || width * height > MAX_MEGAPIXELS * 1_000_000) throw new AppError('KYC_DOCUMENT_INVALID');
    try {
      PNG.sync.read(image);
    } catch (cause) {
      throw new AppError('KYC_DOCUMENT_INVALID', undefined, { cause });
    }
    return { contentType: 'image/png', bytes: Buffer.from(image) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    try {
      jpeg.decode(bytes, { tolerantDecoding: false, maxResolutionInMP: MAX_MEGAPIXELS, maxMemoryUsageInMB: 256 });
    } catch (cause) {
      throw new AppError('KYC_DOCUMENT_INVALID', undefined, { cause });
    }
    return { contentType: 'image/jpeg', bytes };
  }
  if (bytes.toString('latin1', 0, 5) === '%PDF-' && bytes.subarray(-1024).toString('latin1').includes('%%EOF')) {
    return { contentType: 'application/pdf', bytes };
  }
  throw new AppError('KYC_DOCUMENT_INVALID');
}
