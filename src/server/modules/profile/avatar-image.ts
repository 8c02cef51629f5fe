/**
 * Turns an uploaded picture into the stored avatar with sharp: the bytes must decode as JPEG, PNG or
 * WebP (judged by the decoder, not by the request's content-type); the image is turned upright (EXIF
 * orientation), cropped to its centre square, resized to 256 px and re-encoded as WebP. Metadata (EXIF,
 * GPS, ICC, XMP) is not carried over: sharp writes none unless asked.
 */
import sharp from 'sharp';
import { AVATAR_STORED_SIZE } from '../../../contracts/profile';
import { AppError, errors } from '../../errors';

/** The formats an upload may be, as sharp names them. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Largest picture decoded, in pixels (about 40 megapixels): a small file can hold a huge image. */
const MAX_INPUT_PIXELS = 40_000_000;
/** WebP quality of the stored avatar (0–100). */
const WEBP_QUALITY = 82;

/** The stored avatar's content-type. */
export const AVATAR_STORED_TYPE = 'image/webp';

/**
 * The 256×256 WebP of an upload.
 * @throws AppError 415 avatar_invalid when the bytes are not a decodable JPEG, PNG or WebP image.
 */
export async function processAvatar(bytes: Buffer): Promise<Buffer> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  try {
    const metadata = await sharp(bytes, options).metadata();
    if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) throw errors.avatarInvalid();
    return await sharp(bytes, options)
      .rotate()
      .resize(AVATAR_STORED_SIZE, AVATAR_STORED_SIZE, { fit: 'cover', position: 'centre' })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    // sharp's own refusals: unknown format, truncated or corrupt data, too many pixels.
    throw errors.avatarInvalid();
  }
}
