import zlib from 'node:zlib';
import { PNG } from 'pngjs';
import apiMessages from '../../content/api-messages.json';
import { COUPON_PHOTO_MAX_HEIGHT, COUPON_PHOTO_MAX_WIDTH } from '../../shared/statement/coupon-photo';

// Issue 5: the coupon photo is accepted only as a real PNG of at most 600x800 (spec §5: the browser
// scales it to fit). The header is read first, so a huge or lying PNG is refused before any decoding.
const DATA_URL_PREFIX = 'data:image/png;base64,';
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

interface PngHeader {
  width: number;
  height: number;
}

/** Signature, then an IHDR chunk of 13 bytes whose CRC matches. */
function readHeader(png: Buffer): PngHeader | undefined {
  if (png.length < 33 || !png.subarray(0, 8).equals(SIGNATURE)) return undefined;
  if (png.readUInt32BE(8) !== 13 || png.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  if (zlib.crc32(png.subarray(12, 29)) !== png.readUInt32BE(29)) return undefined;
  // Interlaced images are refused: pngjs inflates them without a size bound (a zip bomb), and the
  // browser's canvas never writes them.
  if (png[28] !== 0) return undefined;
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The Polish problem with the image, or undefined when it is a decodable PNG within 600x800. */
export function couponImageProblem(image: string): string | undefined {
  if (!image.startsWith(DATA_URL_PREFIX)) return apiMessages.imageNotDataUrl;
  const base64 = image.slice(DATA_URL_PREFIX.length);
  if (base64.length % 4 !== 0 || !BASE64.test(base64)) return apiMessages.imageNotPng;
  const png = Buffer.from(base64, 'base64');
  const header = readHeader(png);
  if (!header || header.width === 0 || header.height === 0) return apiMessages.imageNotPng;
  if (header.width > COUPON_PHOTO_MAX_WIDTH || header.height > COUPON_PHOTO_MAX_HEIGHT)
    return apiMessages.imageTooLarge;
  try {
    // Decodes every pixel: a valid header on garbage fails here.
    PNG.sync.read(png);
  } catch {
    return apiMessages.imageNotPng;
  }
  return undefined;
}
