import {
  APPLICATION_LIMITS,
  BRAND_IMAGE_LIMITS,
  MEMBER_AVATAR_LIMITS,
  POINT_PRODUCT_IMAGE_LIMITS,
  WITHDRAWAL_PROOF_LIMITS,
  type BrandImageKind,
} from '@parlay/contract';
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

/**
 * What an image is checked for: a brand's logo or banner, a member's avatar, a withdrawal's proof, a mall product, an
 * application's image.
 */
export type ImageKind = BrandImageKind | 'avatar' | 'withdrawalProof' | 'pointProduct' | 'applicationImage';

interface KindLimits {
  maxBytes: number;
  minWidth: number;
  minHeight: number;
  maxWidth: number;
  maxHeight: number;
  /** When given, the image is cropped to its centred square and scaled down to this many pixels a side. */
  square?: number;
}

function limitsOf(kind: ImageKind): KindLimits {
  if (kind === 'withdrawalProof') {
    const { maxFiles: _files, ...limits } = WITHDRAWAL_PROOF_LIMITS;
    return limits;
  }
  if (kind === 'pointProduct') return POINT_PRODUCT_IMAGE_LIMITS;
  if (kind === 'applicationImage') {
    const { maxBytes, minWidth, minHeight, maxWidth, maxHeight } = APPLICATION_LIMITS;
    return { maxBytes, minWidth, minHeight, maxWidth, maxHeight };
  }
  if (kind === 'avatar') {
    const { size, ...limits } = MEMBER_AVATAR_LIMITS;
    return { ...limits, square: size };
  }
  return { maxBytes: BRAND_IMAGE_LIMITS.maxBytes, ...BRAND_IMAGE_LIMITS[kind] };
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

function checkDimensions(limits: KindLimits, width: number, height: number): void {
  const { minWidth, minHeight, maxWidth, maxHeight } = limits;
  if (width < minWidth || height < minHeight || width > maxWidth || height > maxHeight) {
    const bounds = { minWidth, minHeight, maxWidth, maxHeight };
    throw new AppError('IMAGE_DIMENSIONS', { width, height, ...bounds }, { params: bounds });
  }
}

interface Pixels {
  width: number;
  height: number;
  data: Buffer;
}

/**
 * The centred square of RGBA pixels, scaled down to `size` a side by averaging the source pixels each output pixel
 * covers (a box filter); a square already no larger is only cropped.
 */
export function cropToSquare(image: Pixels, size: number): Pixels {
  const side = Math.min(image.width, image.height);
  const left = Math.floor((image.width - side) / 2);
  const top = Math.floor((image.height - side) / 2);
  const out = Math.min(size, side);
  const data = Buffer.alloc(out * out * 4);
  for (let y = 0; y < out; y += 1) {
    const y0 = top + Math.floor((y * side) / out);
    const y1 = Math.max(y0 + 1, top + Math.floor(((y + 1) * side) / out));
    for (let x = 0; x < out; x += 1) {
      const x0 = left + Math.floor((x * side) / out);
      const x1 = Math.max(x0 + 1, left + Math.floor(((x + 1) * side) / out));
      const sum = [0, 0, 0, 0];
      for (let sy = y0; sy < y1; sy += 1) {
        for (let sx = x0; sx < x1; sx += 1) {
          const at = (sy * image.width + sx) * 4;
          for (let channel = 0; channel < 4; channel += 1) sum[channel]! += image.data[at + channel]!;
        }
      }
      const count = (y1 - y0) * (x1 - x0);
      const to = (y * out + x) * 4;
      for (let channel = 0; channel < 4; channel += 1) data[to + channel] = Math.round(sum[channel]! / count);
    }
  }
  return { width: out, height: out, data };
}

/**
 * Checks an upload by its content and encodes it again (issue 32: "images checked by content, re-encoded, size
 * limits"). The bytes must be a PNG or a JPEG by their magic numbers, within the byte limit, of a size in pixels
 * that the kind allows (read from the header before any pixel is decoded, so a small file claiming a huge image
 * costs nothing), and decode whole. What is stored is the server's own encoding of the decoded pixels: a
 * polyglot's appended script, metadata (EXIF, text chunks) and anything else the file carried do not survive.
 * PNG stays PNG (a logo keeps its transparency); JPEG stays JPEG. A member's avatar is also cropped square and
 * scaled down (MEMBER_AVATAR_LIMITS.size).
 */
export function checkImage(kind: ImageKind, bytes: Buffer): CheckedImage {
  const limits = limitsOf(kind);
  const maxBytes = limits.maxBytes;
  if (bytes.length > maxBytes) {
    throw new AppError('IMAGE_TOO_LARGE', { maxBytes }, { params: { maxKb: Math.floor(maxBytes / 1024) } });
  }
  const type = sniffImageType(bytes);
  if (type === 'png') {
    checkDimensions(limits, bytes.readUInt32BE(16), bytes.readUInt32BE(20));
    const image = pngUpToEnd(bytes);
    if (!image) throw new AppError('IMAGE_INVALID');
    let decoded: PNG;
    try {
      decoded = PNG.sync.read(image);
    } catch (cause) {
      throw new AppError('IMAGE_INVALID', undefined, { cause });
    }
    checkDimensions(limits, decoded.width, decoded.height);
    const pixels = limits.square ? cropToSquare(decoded, limits.square) : decoded;
    const encoded = PNG.sync.write(Object.assign(new PNG({ width: pixels.width, height: pixels.height }), pixels), {
      colorType: 6,
      inputHasAlpha: true,
      deflateLevel: 9,
    });
    return { contentType: 'image/png', extension: 'png', width: pixels.width, height: pixels.height, bytes: encoded };
  }
  if (type === 'jpeg') {
    let decoded: jpeg.RawImageData<Buffer>;
    try {
      decoded = jpeg.decode(bytes, {
        formatAsRGBA: true,
        tolerantDecoding: false,
        // jpeg-js reads the frame's size first and refuses past these before it allocates the pixels.
        maxResolutionInMP: (limits.maxWidth * limits.maxHeight) / 1_000_000,
        maxMemoryUsageInMB: Math.max(64, Math.ceil((limits.maxWidth * limits.maxHeight * 4) / 1_048_576) + 8),
      });
    } catch (cause) {
      // Past the limits jpeg-js says so in its message; the dimensions are not known then.
      if (cause instanceof Error && /maxResolutionInMP|maxMemoryUsageInMB/.test(cause.message)) {
        const { minWidth, minHeight, maxWidth, maxHeight } = limits;
        const bounds = { minWidth, minHeight, maxWidth, maxHeight };
        throw new AppError('IMAGE_DIMENSIONS', bounds, { cause, params: bounds });
      }
      throw new AppError('IMAGE_INVALID', undefined, { cause });
    }
    checkDimensions(limits, decoded.width, decoded.height);
    const pixels = limits.square ? cropToSquare(decoded, limits.square) : decoded;
    const encoded = jpeg.encode(pixels, JPEG_QUALITY).data;
    return {
      contentType: 'image/jpeg',
      extension: 'jpg',
      width: pixels.width,
      height: pixels.height,
      bytes: encoded,
    };
  }
  throw new AppError('IMAGE_INVALID');
}
