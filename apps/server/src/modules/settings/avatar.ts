import sharp from 'sharp';
import { validationError } from '../../platform/http/errors.js';

/** Largest upload accepted for an avatar, and the largest picture (pixels) sharp will decode. */
export const AVATAR_MAX_BYTES = 5 * 1_048_576;
const MAX_INPUT_PIXELS = 40_000_000;
/** What is stored: a square WebP, small enough for every card that shows it. */
export const AVATAR_SIZE = 256;

const refused = (message: string, code: string) => validationError([{ field: 'file', message, code }]);

/**
 * An uploaded picture as the avatar the site serves (decision 0029): judged by its content (JPEG, PNG or
 * WebP whatever the name or declared type says), decoded with a pixel cap (no decompression bombs),
 * turned upright (EXIF orientation), cropped to a square around its centre and re-encoded, which also
 * drops every metadata field (camera, GPS).
 */
export async function processAvatar(bytes: Buffer): Promise<Buffer> {
  if (bytes.length === 0) throw refused('The file is empty.', 'empty_file');
  if (bytes.length > AVATAR_MAX_BYTES) throw refused('The picture is larger than 5 MB.', 'file_too_large');
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw refused('This is not a picture we can read (JPEG, PNG or WebP).', 'not_an_image');
  }
  if (!format || !['jpeg', 'png', 'webp'].includes(format)) {
    throw refused('Use a JPEG, PNG or WebP picture.', 'unsupported_image');
  }
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw refused('This picture is damaged or too large to open.', 'not_an_image');
  }
}
