import { BRAND_IMAGE_LIMITS, type BrandImageKind } from '@parlay/contract';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { AppError } from '../../lib/app-error';

/** An image as the server stores it: its own encoding of the pixels it decoded. */
export interface CheckedImage {
  contentType: 'image/png' | 'image/jpeg';
  extension: 'png' | 'jpg';
  width: number;
  height: number;
  bytes: Buffer;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_QUALITY = 88;

/** What the bytes are, by their magic numbers: the name and the declared type of an upload are never asked. */
export function sniffImageType(bytes: Buffer): 'png' | 'jpeg' | null {
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE) && bytes.toString('latin1', 12, 16) === 'IHDR') {
    return 'png';
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return null;
}

/**
 * The PNG up to its IEND chunk, walked chunk by chunk: what a polyglot appends after the image is not the image's,
 * and the decoder refuses trailing bytes. Null when the chunks run past the end before an IEND.
 */
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

function checkDimensions(kind: BrandImageKind, width: number, height: number): void {
  const limits = BRAND_IMAGE_LIMITS[kind];
  if (width < limits.minWidth || height < limits.minHeight || width > limits.maxWidth || height > limits.maxHeight) {
    throw new AppError('IMAGE_DIMENSIONS', { width, height, ...limits }, { params: { ...limits } });
  }
}

/**
 * Checks an upload by its content and encodes it again (issue 32: "images checked by content, re-encoded, size
 * limits"). The bytes must be a PNG or a JPEG by their magic numbers, within the byte limit, of a size in pixels
 * that the kind allows (read from the header before any pixel is decoded, so a small file claiming a huge image
 * costs nothing), and decode whole. What is stored is the server's own encoding of the decoded pixels: a
 * polyglot's appended script, metadata (EXIF, text chunks) and anything else the file carried do not survive.
 * PNG stays PNG (a logo keeps its transparency); JPEG stays JPEG.
 */
export function checkImage(kind: BrandImageKind, bytes: Buffer): CheckedImage {
  const maxBytes = BRAND_IMAGE_LIMITS.maxBytes;
  if (bytes.length > maxBytes) {
    throw new AppError('IMAGE_TOO_LARGE', { maxBytes }, { params: { maxKb: Math.floor(maxBytes / 1024) } });
  }
  const type = sniffImageType(bytes);
  if (type === 'png') {
    checkDimensions(kind, bytes.readUInt32BE(16), bytes.readUInt32BE(20));
    const image = pngUpToEnd(bytes);
    if (!image) throw new AppError('IMAGE_INVALID');
    let decoded: PNG;
    try {
      decoded = PNG.sync.read(image);
    } catch (cause) {
      throw new AppError('IMAGE_INVALID', undefined, { cause });
    }
    checkDimensions(kind, decoded.width, decoded.height);
    const encoded = PNG.sync.write(decoded, { colorType: 6, inputHasAlpha: true, deflateLevel: 9 });
    return { contentType: 'image/png', extension: 'png', width: decoded.width, height: decoded.height, bytes: encoded };
  }
  if (type === 'jpeg') {
    const limits = BRAND_IMAGE_LIMITS[kind];
    let decoded: jpeg.RawImageData<Buffer>;
    try {
      decoded = jpeg.decode(bytes, {
        formatAsRGBA: true,
        tolerantDecoding: false,
        // jpeg-js reads the frame's size first and refuses past these before it allocates the pixels.
        maxResolutionInMP: (limits.maxWidth * limits.maxHeight) / 1_000_000,
        maxMemoryUsageInMB: 64,
      });
    } catch (cause) {
      // Past the limits jpeg-js says so in its message; the dimensions are not known then.
      if (cause instanceof Error && /maxResolutionInMP|maxMemoryUsageInMB/.test(cause.message)) {
        throw new AppError('IMAGE_DIMENSIONS', { ...limits }, { cause, params: { ...limits } });
      }
      throw new AppError('IMAGE_INVALID', undefined, { cause });
    }
    checkDimensions(kind, decoded.width, decoded.height);
    const encoded = jpeg.encode(decoded, JPEG_QUALITY).data;
    return {
      contentType: 'image/jpeg',
      extension: 'jpg',
      width: decoded.width,
      height: decoded.height,
      bytes: encoded,
    };
  }
  throw new AppError('IMAGE_INVALID');
}
